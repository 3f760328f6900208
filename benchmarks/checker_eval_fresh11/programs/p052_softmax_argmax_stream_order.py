"""tk.softmax then tk.argmax reading its output in stream order, waited in reverse."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
host = rng.standard_normal((8, 64)).astype(np.float32)
scores = tr.from_numpy(host)
probs = tr.empty((8, 64), dtype=tr.f32)
best = tr.zeros((8,), dtype=tr.i32)
p_soft = tk.softmax(probs, scores).submit()
p_arg = tk.argmax(best, probs).submit()
p_arg.wait()
p_soft.wait()
np.testing.assert_array_equal(best.to_numpy(), host.argmax(axis=1))
