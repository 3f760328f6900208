"""Optimizer state plans looked up with `dict.get(name)`; a missing name gets a fresh scratch
plan."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

state = {"m": tr.zeros((64,)), "v": tr.zeros((64,)), "scratch": tr.zeros((64,))}
plans = {"m": tiles(state["m"])}
grad = tr.full((64,), 0.1)
for name in ("m", "v", "ema"):
    plan = plans.pop(name, None) or tiles(state.get(name, state["scratch"]))
    K.axpy(plan, grad, 0.9).sync()
assert np.allclose(state["m"].to_numpy(), 0.09)
assert np.allclose(state["v"].to_numpy(), 0.09)
print(state["scratch"].to_numpy()[:2])
