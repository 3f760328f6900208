from __future__ import annotations

from collections import deque

from llmrun.kernels import fill

import tilert as tr

N = 64
bufs = [tr.zeros((N,)) for _ in range(6)]
window: deque[tr.Pending] = deque()
for i, b in enumerate(bufs):
    window.append(fill(b.partition((16,)), float(i)).submit())
    if len(window) > 2:
        window.popleft().wait()
while len(window) > 1:
    window.popleft().wait()
total = sum(float(b.to_numpy().sum()) for b in bufs)  # expect: TC102
window.popleft().wait()
print(total)
