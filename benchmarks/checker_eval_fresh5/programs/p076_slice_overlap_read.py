"""A scale writes t[16:48]; the host reads the tail t[40:], which overlaps it."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64
t = tr.arange(N)
src = tr.ones((32,))
p = scale(t[16:48].partition((16,)), src, 5.0).submit()
tail = t[40:]
print(tail.to_numpy())  # expect: TC102
p.wait()
