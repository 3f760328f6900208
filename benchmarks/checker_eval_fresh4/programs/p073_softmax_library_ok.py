import numpy as np

import tilert as tr
import tilert.kernels as tk

scores_np = np.random.default_rng(1).standard_normal((8, 32)).astype(np.float32)
scores = tr.from_numpy(scores_np)
probs = tr.empty((8, 32))
best = tr.empty((8,), dtype=tr.i32)
tk.softmax(probs, scores).then(lambda *_: tk.argmax(best, probs)).sync()
assert np.allclose(probs.to_numpy().sum(axis=1), 1.0, atol=1e-5)
assert np.array_equal(best.to_numpy(), scores_np.argmax(axis=1))
