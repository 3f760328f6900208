"""Norm launch arguments kept in a config dict; the output entry is a partition, which
`tk.rmsnorm` does not take."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk

x = upload(np.ones((4, 64)))
out = tr.zeros((4, 64))
norm_args = {"out": out.partition((1, 64)), "x": x, "weight": upload(np.ones(64)), "eps": 1e-6}
tk.rmsnorm(**norm_args).sync()  # expect: TC106
