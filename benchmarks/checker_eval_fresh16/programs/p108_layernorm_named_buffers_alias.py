"""Named activation buffers in a dict; the layernorm's output and input resolve to one."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(13)
bufs = {"h": tr.from_numpy(rng.standard_normal((2, 32)).astype(np.float32))}
bufs["ln_out"] = bufs["h"]  # "reuse the activation memory"
w, b = tr.ones((32,)), tr.zeros((32,))
tk.layernorm(bufs["ln_out"], bufs["h"], w, b).sync()  # expect: TC101
