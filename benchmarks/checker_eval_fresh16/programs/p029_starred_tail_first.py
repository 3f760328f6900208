"""`*heads, tail = pendings`: the tail is waited first, then the heads, then the reads."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
outs = [vec(16) for _ in range(3)]
pendings = [scale(tiles(o), x, float(i + 1)).submit() for i, o in enumerate(outs)]
*heads, tail = pendings
tail.wait()
for p in heads:
    p.wait()
sums = [float(o.to_numpy().sum()) for o in outs]
assert sums == [16.0, 32.0, 48.0]
