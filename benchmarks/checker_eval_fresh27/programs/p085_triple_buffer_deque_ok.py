"""Triple-buffered streaming: up to two chunks in flight; the oldest is waited on and read
when a third is launched."""

from collections import deque

import numpy as np
from llmcove import add

import tilert as tr

CHUNK, DEPTH = 1024, 2
rng = np.random.default_rng(13)
chunks = [rng.standard_normal(CHUNK).astype(np.float32) for _ in range(7)]
bias = tr.full((CHUNK,), 1.0)
slots = [tr.empty((CHUNK,)) for _ in range(DEPTH + 1)]

in_flight: deque[tuple[tr.Pending, tr.Tensor]] = deque()
sums = []
for i, chunk in enumerate(chunks):
    out = slots[i % len(slots)]
    src = tr.from_numpy(chunk)
    in_flight.append((add(out.partition((256,)), src, bias).submit(), out))
    if len(in_flight) > DEPTH:
        pending, done_out = in_flight.popleft()
        pending.wait()
        sums.append(float(done_out.to_numpy().sum()))
while in_flight:
    pending, done_out = in_flight.popleft()
    pending.wait()
    sums.append(float(done_out.to_numpy().sum()))
print(np.allclose(sums, [c.sum() + CHUNK for c in chunks], rtol=1e-4))
