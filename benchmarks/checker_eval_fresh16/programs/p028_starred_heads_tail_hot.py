"""`*heads, tail = pendings`: the heads are waited, then every output is read, the tail too."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
outs = [vec(16) for _ in range(3)]
pendings = [scale(tiles(o), x, float(i + 1)).submit() for i, o in enumerate(outs)]
*heads, tail = pendings
for p in heads:
    p.wait()
sums = [float(o.to_numpy().sum()) for o in outs]  # expect: TC102
tail.wait()
print(sums)
