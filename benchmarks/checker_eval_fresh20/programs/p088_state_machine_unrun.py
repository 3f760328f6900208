"""A request state machine: one op per state, zipped into a dict; the request ends early."""

import enum

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


class State(enum.Enum):
    PREFILL = "prefill"
    DECODE = "decode"
    FINISH = "finish"


x = upload(np.arange(16))
bufs = [tr.zeros((16,)) for _ in State]
ops = [K.scale(tiles(b), x, float(i + 1)) for i, b in enumerate(bufs)]  # expect: TC105
plan = dict(zip(State, ops, strict=True))
for state in State:
    plan.pop(state).sync()
    if state is State.DECODE:
        break
plan.clear()
del ops
