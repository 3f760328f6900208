"""Launches submitted through map(); one output is inspected before the Pendings are waited."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(24, 1.0)
outs = [vec(24) for _ in range(4)]
pendings = list(map(lambda o: scale(tiles(o), x, 2.0).submit(), outs))
print("slot 1:", outs[1].to_numpy()[:3])  # expect: TC102
for p in pendings:
    p.wait()
