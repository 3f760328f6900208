"""Gradient clipping by global norm."""

import numpy as np
from llmfjord import scale

import tilert as tr

MAX_NORM = 10.0


def clip_op(grad: tr.Tensor, factor: float) -> tr.Op:
    return scale(grad.partition((1024,)), grad_src, factor)  # expect: TC105


grad_src = tr.from_numpy(np.full(4096, 0.01, np.float32))
grad = tr.empty((4096,), name="grad")
norm = float(np.linalg.norm(grad_src.to_numpy()))
op = clip_op(grad, min(1.0, MAX_NORM / (norm + 1e-6)))  # expect-also: TC105
if norm > MAX_NORM:
    op.sync()
    print("clipped")
else:
    print("no clipping needed, norm", round(norm, 3))
op = None
