"""tk.softmax then tk.argmax on its output, submitted back to back (stream order), both waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk
from tilert import f32

rng = np.random.default_rng(1)
logits_np = rng.standard_normal((4, 16)).astype(np.float32)
logits = tr.from_numpy(logits_np)
probs = tr.zeros((4, 16), dtype=f32)
choice = tr.zeros((4,), dtype=tr.i32)
p_soft = tk.softmax(probs, logits).submit()
p_pick = tk.argmax(choice, probs).submit()
p_pick.wait()
p_soft.wait()
np.testing.assert_array_equal(choice.to_numpy(), np.argmax(logits_np, axis=1))
