"""Merging a LoRA adapter into the base weight: W += scale * (B @ A). The merge kernel's output
partition is built up front, and the script saves a copy of the unmerged weight afterwards."""

import numpy as np
from modelops import axpy

import tilert as tr
import tilert.kernels as tk

OUT, IN, RANK, ALPHA = 64, 32, 4, 8.0
rng = np.random.default_rng(39)
base = tr.from_numpy(rng.standard_normal((OUT, IN)).astype(np.float32), name="base_weight")
lora_a = tr.from_numpy((rng.standard_normal((RANK, IN)) * 0.1).astype(np.float32))
lora_b = tr.from_numpy((rng.standard_normal((OUT, RANK)) * 0.1).astype(np.float32))
delta = tr.empty((OUT, IN), name="delta")

tk.gemm(delta, lora_b, lora_a).sync()
merge_target = base.partition((1, IN))
backup = base.to_numpy().copy()  # expect: TC104
axpy(merge_target, delta, ALPHA / RANK).sync()
print(float(np.abs(base.to_numpy() - backup).max()))
