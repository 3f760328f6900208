"""tk.softmax given a row partition of its output, as a hand-written kernel would take it."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

scores = tr.from_numpy(np.random.default_rng(6).standard_normal((4, 64)).astype(np.float32))
probs = tr.zeros((4, 64))
tk.softmax(probs.partition((1, 64)), scores).sync()  # expect: TC106
