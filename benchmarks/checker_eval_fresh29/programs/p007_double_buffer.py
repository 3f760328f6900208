"""Double buffering: while chunk i is processed into one buffer, chunk i+1 goes to the other."""

import numpy as np
from llmreef import relu, scale

import tilert as tr

CHUNK = 512
data = np.random.default_rng(2).standard_normal(CHUNK * 6).astype(np.float32)
chunks = [tr.from_numpy(data[i : i + CHUNK]) for i in range(0, data.size, CHUNK)]

buf_a = tr.empty((CHUNK,), name="buf_a")
buf_b = tr.empty((CHUNK,), name="buf_b")
results = []

pend_a = relu(buf_a.partition((128,)), chunks[0]).submit()
for i in range(1, len(chunks)):
    pend_b = relu(buf_b.partition((128,)), chunks[i]).submit()
    results.append(buf_a.to_numpy().copy())  # expect: TC102
    pend_a.wait()
    buf_a, buf_b = buf_b, buf_a
    pend_a = pend_b
pend_a.wait()
results.append(buf_a.to_numpy().copy())

total = np.concatenate(results)
out = tr.empty((CHUNK,))
scale(out.partition((128,)), chunks[0], 2.0).sync()
print(len(results), float(total.sum()))
