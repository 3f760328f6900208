import numpy as np

import tilert as tr
import tilert.kernels as tk

ROWS, COLS = 8, 128
rng = np.random.default_rng(11)
xs = rng.standard_normal((ROWS, COLS)).astype(np.float32)
x = tr.from_numpy(xs)
weight = tr.from_numpy(np.ones(COLS, dtype=np.float32))
bias = tr.from_numpy(np.zeros(COLS, dtype=np.float32))
out = tr.empty((ROWS, COLS))

adapters = {
    "chat": np.full(COLS, 0.1, dtype=np.float32),
    "code": np.full(COLS, -0.1, dtype=np.float32),
}

norm = tk.layernorm(out, x, weight, bias).submit()
norm.wait()
bias.copy_from(adapters["code"])
tk.layernorm(out, x, weight, bias).sync()
ref = (xs - xs.mean(1, keepdims=True)) / np.sqrt(xs.var(1, keepdims=True) + 1e-5) - 0.1
np.testing.assert_allclose(out.to_numpy(), ref, rtol=1e-4, atol=1e-4)
