"""try/finally makes sure the Pending is waited, but the read is inside the try."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
y = tr.zeros((N,))
p = scale(y.partition((16,)), x, 2.0).submit()
try:
    result = y.to_numpy().copy()  # expect: TC102
finally:
    p.wait()
print(result[:4])
