"""Dynamic loss scaling: skip the update when the scaled gradient overflowed."""

import numpy as np
from trainkit import TILE, scale, sgd_step

import tilert as tr


def optimizer_step(param: tr.Tensor, grad: tr.Tensor, loss_scale: float) -> bool:
    if not np.isfinite(grad.to_numpy()).all():
        return False
    sgd_step(param.partition((TILE,)), grad, 0.01 / loss_scale).sync()
    return True


param = tr.ones((1024,), name="param")
grad = tr.from_numpy(np.full(1024, np.inf, dtype=np.float32), name="grad")
applied = optimizer_step(param, grad, 65536.0)
if not applied:
    scale(grad.partition((TILE,)), 0.0).sync()
print(applied, param.to_numpy()[0])
