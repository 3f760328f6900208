"""Wait on an event recorded after the launch, then read the result."""

import numpy as np
from llmquay import scale

import tilert as tr

n = 8192
x = tr.from_numpy(np.random.default_rng(5).random(n, dtype=np.float32))
y = tr.empty((n,))

stream = tr.Stream()
pending = scale(y.partition((1024,)), x, 4.0).submit(stream)
finished = stream.record()
finished.synchronize()
print("y[:3] =", y.to_numpy()[:3])  # expect: TC102
pending.wait()
