"""Gradient clipping by global norm."""

import numpy as np
from llmfjord import copy, scale

import tilert as tr

MAX_NORM = 10.0


def clip_op(grad: tr.Tensor, src: tr.Tensor, factor: float) -> tr.Op:
    return scale(grad.partition((1024,)), src, factor)


grad_src = tr.from_numpy(np.full(4096, 0.01, np.float32))
grad = tr.empty((4096,), name="grad")
norm = float(np.linalg.norm(grad_src.to_numpy()))
if norm > MAX_NORM:
    clip_op(grad, grad_src, MAX_NORM / (norm + 1e-6)).sync()
    print("clipped")
else:
    copy(grad.partition((1024,)), grad_src).sync()
    print("no clipping needed, norm", round(norm, 3))
print(grad.to_numpy()[:2])
