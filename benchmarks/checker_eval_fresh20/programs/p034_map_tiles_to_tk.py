"""Outputs tiled with map(tiles, ...) for every call, tilert.kernels' rmsnorm included."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(3)
x = upload(rng.standard_normal(64))
w = upload(np.ones(64))
scaled, normed = tr.zeros((64,)), tr.zeros((1, 64))
p_scaled, p_normed = map(tiles, (scaled, normed.reshape(64)))
K.scale(p_scaled, x, 0.5).sync()
tk.rmsnorm(p_normed, scaled.reshape(1, 64), w).sync()  # expect: TC106
print(normed.to_numpy()[0, :3])
