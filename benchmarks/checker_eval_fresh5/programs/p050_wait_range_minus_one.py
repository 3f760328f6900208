"""Waits indexed by range(len(...) - 1): the last projection is still in flight when read."""

from __future__ import annotations

from llmdeck.kernels import scale

import tilert as tr

N = 64
x = tr.arange(N)
outs = [tr.zeros((N,)) for _ in range(3)]
ps = [scale(o.partition((16,)), x, 0.5 * (j + 1)).submit() for j, o in enumerate(outs)]
for j in range(len(ps) - 1):
    ps[j].wait()
means = [float(o.to_numpy().mean()) for o in outs]  # expect: TC102
print(means)
