"""A window of in-flight layer updates: `if len(q) > 2: q.popleft().wait()`, then the rest
waited by a for loop over the deque."""

from collections import deque

import numpy as np
from llmweave.kernels import scale

import tilert as tr

x = tr.ones((64,))
outs = [tr.zeros((64,)) for _ in range(5)]
q: deque[tr.Pending] = deque()
for i, o in enumerate(outs):
    q.append(scale(o.partition((16,)), x, float(i)).submit())
    if len(q) > 2:
        q.popleft().wait()
for p in q:
    p.wait()
q.clear()
assert np.allclose([o.to_numpy()[0] for o in outs], range(5))
print("ok")
