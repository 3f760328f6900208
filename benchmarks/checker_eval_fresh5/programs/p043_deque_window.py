# a data-loader pipeline with at most three copies in flight
from collections import deque

import numpy as np
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
while q:
    q.popleft().wait()
assert [float(s.to_numpy()[0]) for s in staged] == list(range(8))
print("staged", len(staged), np.sum([s.to_numpy().sum() for s in staged]))
