import numpy as np

import tilert as tr
import tilert.kernels as tk

batch, vocab = 8, 1000
logits = tr.from_numpy(np.random.default_rng(3).standard_normal((batch, vocab)).astype(np.float32))
probs = tr.empty((batch, vocab))
ones = tr.ones((vocab,))

sampling = tk.softmax(probs, logits).submit()
# reuse the logits buffer for the normalized copy to save memory
tk.rmsnorm(logits, probs, ones).sync()  # expect: TC103
sampling.wait()
print(probs.to_numpy().sum(axis=1)[:2])
