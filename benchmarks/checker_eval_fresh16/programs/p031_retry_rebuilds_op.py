"""A retry loop builds a fresh op for every attempt."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(32, 1.0)
out = vec(32)
for attempt in range(2):
    op = scale(tiles(out), x, 2.0 + attempt)
    pending = op.submit()
    pending.wait()
    if out.to_numpy()[0] == 3.0:
        break
assert out.to_numpy()[0] == 3.0
