"""A module-level serving script: submitted steps sit in a deque; the loop pops the ones whose
`done()` says finished and waits them, and waits whatever is left at the end."""

from collections import deque

import numpy as np
from llmweave.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(6)]
queue: deque[tuple[int, tr.Pending]] = deque()
finished: list[int] = []
for i, o in enumerate(outs):
    queue.append((i, scale(o.partition((16,)), x, float(i)).submit()))
    while queue and queue[0][1].done():
        rid, p = queue.popleft()
        p.wait()
        finished.append(rid)
while queue:
    rid, p = queue.popleft()
    p.wait()
    finished.append(rid)
assert sorted(finished) == list(range(6))
assert np.allclose([o.to_numpy()[0] for o in outs], range(6))
print(finished)
