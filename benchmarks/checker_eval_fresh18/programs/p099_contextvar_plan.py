"""The current request's output plan kept in a ``contextvars.ContextVar``; a metrics helper
reads the buffer while the plan is set and alive."""

import contextvars

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr

current_plan: contextvars.ContextVar[tr.Partition[tr.f32]] = contextvars.ContextVar("plan")


def metrics(buf: tr.Tensor[tr.f32]) -> float:
    return float(buf.to_numpy().sum())  # expect: TC104


out = tr.zeros((64,))
token = current_plan.set(tiles(out))
print("before:", metrics(out))  # expect-also
K.scale(current_plan.get(), vec(np.ones(64)), 3.0).sync()
current_plan.reset(token)
