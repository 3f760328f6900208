# the same pipeline; the results are summed before the window is drained
from collections import deque

from llmdeck.kernels import copy

import tilert as tr

N = 32
batches = [tr.full((N,), float(i)) for i in range(8)]
staged = [tr.zeros((N,)) for _ in batches]
q = deque()
for src, dst in zip(batches, staged, strict=True):
    q.append(copy(dst.partition((16,)), src).submit())
    if len(q) > 3:
        q.popleft().wait()
total = 0.0
for s in staged:
    total += float(s.to_numpy().sum())  # expect: TC102
while q:
    q.popleft().wait()
