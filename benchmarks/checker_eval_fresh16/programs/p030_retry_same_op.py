"""A retry loop submits the same op object on every attempt."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(32, 1.0)
out = vec(32)
op = scale(tiles(out), x, 2.0)
for attempt in range(2):
    pending = op.submit()  # expect: TC110
    pending.wait()
    if out.to_numpy()[0] == 2.0 and attempt > 0:
        break
print(out.to_numpy()[0])
