"""Double buffering: while the compute kernel reads one staging buffer, the next chunk is
copied into the other. The wait on the compute that last read the buffer being refilled is
missing, so the refill partitions a buffer that an op in flight still reads."""

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
computes = []
for i in range(CHUNKS):
    computes.append(add(results[i].partition((32,)), front, bias).submit())
    if i + 1 < CHUNKS:
        copy(back.partition((32,)), host_chunks[i + 1]).sync()  # expect: TC103
    front, back = back, front

for p in computes:
    p.wait()
print("sum", sum(float(r.to_numpy().sum()) for r in results))
