"""Double buffering: while the compute kernel reads one staging buffer, the next chunk is
copied into the other; before a buffer is refilled, the compute that read it is waited on."""

import numpy as np
from servekit import add, copy

import tilert as tr

CHUNK, CHUNKS = 64, 6

rng = np.random.default_rng(1)
host_chunks = [tr.from_numpy(rng.standard_normal(CHUNK).astype(np.float32)) for _ in range(CHUNKS)]
bias = tr.ones((CHUNK,))
results = [tr.zeros((CHUNK,)) for _ in range(CHUNKS)]

front, back = tr.empty((CHUNK,)), tr.empty((CHUNK,))
copy(front.partition((32,)), host_chunks[0]).sync()
pend_front: tr.Pending | None = None
pend_back: tr.Pending | None = None
for i in range(CHUNKS):
    pend_front = add(results[i].partition((32,)), front, bias).submit()
    if i + 1 < CHUNKS:
        if pend_back is not None:
            pend_back.wait()  # the compute that read `back` two chunks ago
        copy(back.partition((32,)), host_chunks[i + 1]).sync()
    front, back = back, front
    pend_front, pend_back = pend_back, pend_front

for p in (pend_front, pend_back):
    if p is not None:
        p.wait()
print("sum", sum(float(r.to_numpy().sum()) for r in results))
