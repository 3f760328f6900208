"""Double-buffered preprocessing: while batch i is post-processed on the host, batch i+1 is
normalized on the device into the other buffer."""

import numpy as np
from llmfjord import scale

import tilert as tr

BATCH = 4096
rng = np.random.default_rng(7)
batches = [tr.from_numpy(rng.standard_normal(BATCH).astype(np.float32)) for _ in range(6)]

front = tr.empty((BATCH,), name="front")
back = tr.empty((BATCH,), name="back")

pend_front = scale(front.partition((1024,)), batches[0], 0.5).submit()
totals = []
for i in range(1, len(batches)):
    pend_back = scale(back.partition((1024,)), batches[i], 0.5).submit()
    pend_front.wait()
    totals.append(float(front.to_numpy().sum()))
    front, back = back, front
    pend_front = pend_back
pend_front.wait()
totals.append(float(front.to_numpy().sum()))
print(np.round(totals, 3))
