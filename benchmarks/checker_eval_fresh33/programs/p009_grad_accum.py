"""Gradient accumulation over micro-batches, then one SGD step."""

import numpy as np
from servekit import TILE, accumulate, sgd_step

import tilert as tr


def train_step(param: tr.Tensor, micro_grads: list[tr.Tensor], lr: float) -> None:
    grad_acc = tr.zeros(param.shape)
    for g in micro_grads[:-1]:
        accumulate(grad_acc.partition((TILE,)), g).sync()
    accumulate(grad_acc.partition((TILE,)), micro_grads[-1])  # expect: TC105
    sgd_step(param.partition((TILE,)), grad_acc, lr / len(micro_grads)).sync()


rng = np.random.default_rng(9)
param = tr.from_numpy(rng.standard_normal(1024).astype(np.float32))
grads = [tr.from_numpy(rng.standard_normal(1024).astype(np.float32)) for _ in range(4)]
for step in range(2):
    train_step(param, grads, lr=0.1)
    print(f"step {step}: |w| = {np.linalg.norm(param.to_numpy()):.4f}")
