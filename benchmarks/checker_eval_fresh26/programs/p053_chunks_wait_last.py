import numpy as np
from llmfjord import relu

import tilert as tr

CHUNK = 1024
signal = np.random.default_rng(8).standard_normal(8 * CHUNK).astype(np.float32)
x = tr.from_numpy(signal)
y = tr.empty(x.shape, name="rectified")

for start in range(0, x.shape[0], CHUNK):
    chunk = slice(start, start + CHUNK)
    p = relu(y[chunk].partition((256,)), x[chunk]).submit()  # expect: TC108
p.wait()
print(float(y[-CHUNK:].to_numpy().min()))
