"""tk.softmax submitted; the probabilities are read through a reshape before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

scores = tr.from_numpy(np.random.default_rng(1).standard_normal((4, 64)).astype(np.float32))
probs = tr.empty((4, 64), dtype=tr.f32)
pend = tk.softmax(probs, scores).submit()
flat = probs.reshape(256)
print(flat.to_numpy().sum())  # expect: TC102
pend.wait()
