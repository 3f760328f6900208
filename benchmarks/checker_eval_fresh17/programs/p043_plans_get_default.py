"""Optimizer state plans looked up with `dict.get(name, fallback)`; two names share the fallback."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

state = {"m": tr.zeros((64,)), "v": tr.zeros((64,)), "scratch": tr.zeros((64,))}
plans = {"m": tiles(state["m"])}
fallback = tiles(state["scratch"])
grad = tr.full((64,), 0.1)
for name in ("m", "v", "ema"):
    plan = plans.get(name, fallback)
    K.axpy(plan, grad, 0.9).sync()  # expect: TC109
print(state["scratch"].to_numpy()[:2])
