"""Outputs ranked with sorted(key=...) reading each tensor, after every Pending is waited."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(16, 1.0)
outs = [vec(16) for _ in range(3)]
pendings = [scale(tiles(o), x, float(3 - i)).submit() for i, o in enumerate(outs)]
for p in reversed(pendings):
    p.wait()
ranked = sorted(outs, key=lambda o: float(o.to_numpy()[0]))
assert [float(o.to_numpy()[0]) for o in ranked] == [1.0, 2.0, 3.0]
