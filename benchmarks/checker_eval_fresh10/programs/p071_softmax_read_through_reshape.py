"""tk.softmax submitted; its probabilities read through a reshape before the wait."""

import numpy as np

import tilert as tr
import tilert.kernels as tk
from tilert import f32

scores = tr.from_numpy(np.random.default_rng(0).standard_normal((4, 8)).astype(np.float32))
probs = tr.zeros((4, 8), dtype=f32)
pend = tk.softmax(probs, scores).submit()
flat = probs.reshape(32)
top = float(flat.to_numpy().max())  # expect: TC102
pend.wait()
print(top)
