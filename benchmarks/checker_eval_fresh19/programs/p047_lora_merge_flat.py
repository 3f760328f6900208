"""A LoRA merge accumulates a delta into the weight through a flat view while `tk.gemv` still
reads the weight."""

from __future__ import annotations

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(0)
w = upload(rng.standard_normal((64, 64)))
x = upload(rng.standard_normal(64))
y = tr.zeros(64)
delta = upload(0.01 * rng.standard_normal(64 * 64))
pending = tk.gemv(y, w, x).submit()
K.accum(tiles(w.reshape(-1)), delta).sync()  # expect: TC103
pending.wait()
