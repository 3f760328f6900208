"""Double buffering with swapped names: the swap happens before the wait, so `back` is hot."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

x = vec(32, 1.0)
front, back = vec(32), vec(32)
prev = None
total = 0.0
for step in range(4):
    cur = scale(tiles(front), x, float(step)).submit()
    front, back = back, front
    if prev is not None:
        prev.wait()
        total += float(back.to_numpy().sum())  # expect: TC102
    prev = cur
if prev is not None:
    prev.wait()
print(total)
