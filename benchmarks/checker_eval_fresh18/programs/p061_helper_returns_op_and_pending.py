"""A launch helper returns both the op and its Pending (for tracing); the caller syncs the op
"to be sure" after waiting."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def launch_traced(out: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32]) -> tuple[tr.Op, tr.Pending]:
    op = K.relu(tiles(out), x)
    return op, op.submit()


x = vec(np.arange(-4, 60))
out = tr.empty((64,))
op, pending = launch_traced(out, x)
pending.wait()
op.sync()  # expect: TC110
print(out.to_numpy().sum())
