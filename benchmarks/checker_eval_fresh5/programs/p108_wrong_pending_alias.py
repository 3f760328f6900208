"""Keys and values projected together; the key's Pending is waited and the values are read
through another name."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
k_out, v_out = tr.zeros((N,)), tr.zeros((N,))
pk = scale(k_out.partition((16,)), x, 1.0).submit()
pv = scale(v_out.partition((16,)), x, 2.0).submit()
pk.wait()
values = v_out
print(values.to_numpy().max())  # expect: TC102
pv.wait()
