"""Double-buffered preprocessing where the consumer reads the buffer still being written."""

import numpy as np
from llmcove import add

import tilert as tr

CHUNK = 1024
rng = np.random.default_rng(3)
chunks = [rng.standard_normal(CHUNK).astype(np.float32) for _ in range(6)]
offset = tr.full((CHUNK,), 10.0)

front, back = tr.empty((CHUNK,)), tr.empty((CHUNK,))
staging = tr.empty((CHUNK,))
total = 0.0
prev = None
for i, chunk in enumerate(chunks):
    staging.copy_from(chunk)
    pending = add(back.partition((256,)), staging, offset).submit()
    if prev is not None:
        prev.wait()
        total += float(front.to_numpy().sum())
    front, back = back, front
    prev = pending
    staging = tr.empty((CHUNK,))
    if i == 2:
        print("progress", float(front.to_numpy()[0]))  # expect: TC102
prev.wait()
total += float(front.to_numpy().sum())
print(f"total {total:.2f}")
