"""Mixture of experts: one output plan per expert, made up front; two tokens routed to the same
expert reuse its plan."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

experts = {0: 0.5, 1: 2.0, 2: -1.0}
outs = {e: tr.zeros((16,), name=f"expert{e}") for e in experts}
plans = {e: tiles(outs[e]) for e in experts}
tokens = [tr.from_numpy(np.full(16, float(t), np.float32)) for t in range(3)]
routes = [(0, 1), (1, 2), (2, 1)]
for tok, e in routes:
    K.scale(plans[e], tokens[tok], experts[e]).sync()  # expect: TC109
