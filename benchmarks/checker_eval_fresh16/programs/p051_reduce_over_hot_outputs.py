"""functools.reduce sums every output's total while the launches are still in flight."""

import functools

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
outs = [vec(16) for _ in range(3)]
pendings = [scale(tiles(o), x, 1.0).submit() for o in outs]
total = functools.reduce(lambda acc, o: acc + float(o.to_numpy().sum()), outs, 0.0)  # expect: TC102
for p in pendings:
    p.wait()
print(total)
