import numpy as np

import tilert as tr
import tilert.kernels as tk

tokens, hidden = 8, 512
rng = np.random.default_rng(0)
x_np = rng.standard_normal((tokens, hidden)).astype(np.float32)
x = tr.from_numpy(x_np)
w = tr.from_numpy(np.ones(hidden, dtype=np.float32))
out = tr.empty((tokens, hidden))

tk.rmsnorm(out, x, w, eps=1e-6).sync()
ref = x_np / np.sqrt((x_np**2).mean(axis=-1, keepdims=True) + 1e-6)
np.testing.assert_allclose(out.to_numpy(), ref, rtol=1e-4, atol=1e-5)
print(out.to_numpy()[0, :4])
