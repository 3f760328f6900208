"""The current request's output tensor (not a plan) kept in a ``contextvars.ContextVar``; each
launch plans it afresh, and metrics read it between launches."""

import contextvars

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

current_out: contextvars.ContextVar[tr.Tensor[tr.f32]] = contextvars.ContextVar("out")


def metrics(buf: tr.Tensor[tr.f32]) -> float:
    return float(buf.to_numpy().sum())


token = current_out.set(tr.zeros((64,)))
assert metrics(current_out.get()) == 0.0
K.scale(tiles(current_out.get()), vec(np.ones(64)), 3.0).sync()
assert metrics(current_out.get()) == 192.0
current_out.reset(token)
