import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(10)
x = tr.from_numpy(rng.standard_normal((32, 128)).astype(np.float32))
w = tr.from_numpy(rng.standard_normal((16, 128)).astype(np.float32))
logits = tr.empty((32, 16), name="logits")
probs = tr.empty((32, 16), name="probs")
labels = rng.integers(0, 16, 32)

side = tr.Stream()
with side:
    tk.linear(logits, x, w).sync()
    pend = tk.softmax(probs, logits).submit()
    nll = -np.log(probs.to_numpy()[np.arange(32), labels]).mean()  # expect: TC102
    pend.wait()
print("loss", nll)
