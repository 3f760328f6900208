"""Double-buffered preprocessing: compute chunk i+1 while the host consumes chunk i."""

import numpy as np
from llmcove import add

import tilert as tr

CHUNK = 1024
rng = np.random.default_rng(3)
chunks = [rng.standard_normal(CHUNK).astype(np.float32) for _ in range(6)]
offset = tr.full((CHUNK,), 10.0)

bufs = [tr.empty((CHUNK,)), tr.empty((CHUNK,))]
inputs = [tr.empty((CHUNK,)), tr.empty((CHUNK,))]
inputs[0].copy_from(chunks[0])
pending = add(bufs[0].partition((256,)), inputs[0], offset).submit()
total = 0.0
for i in range(1, len(chunks) + 1):
    cur, nxt = (i - 1) % 2, i % 2
    next_pending = None
    if i < len(chunks):
        inputs[nxt].copy_from(chunks[i])
        next_pending = add(bufs[nxt].partition((256,)), inputs[nxt], offset).submit()
    pending.wait()
    total += float(bufs[cur].to_numpy().sum())
    pending = next_pending
print(f"total {total:.2f}, expected {sum(float(c.sum()) for c in chunks) + 10 * CHUNK * 6:.2f}")
