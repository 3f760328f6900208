"""Launches submitted through map(); every Pending waited through map() before the reads."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(24, 1.0)
outs = [vec(24) for _ in range(4)]
pendings = list(map(lambda o: scale(tiles(o), x, 2.0).submit(), outs))
results = list(map(lambda p: p.wait(), pendings))
assert len(results) == 4
assert all(o.to_numpy().sum() == 48.0 for o in outs)
