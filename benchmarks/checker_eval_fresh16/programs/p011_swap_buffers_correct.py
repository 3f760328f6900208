"""Double buffering with swapped names: wait the previous step, read the buffer it wrote."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(32, 1.0)
front, back = vec(32), vec(32)
prev = None
total = 0.0
for step in range(4):
    cur = scale(tiles(front), x, float(step)).submit()
    if prev is not None:
        prev.wait()
        total += float(back.to_numpy().sum())
    prev = cur
    front, back = back, front
if prev is not None:
    prev.wait()
    total += float(back.to_numpy().sum())
assert total == 32.0 * (0 + 1 + 2 + 3), total
