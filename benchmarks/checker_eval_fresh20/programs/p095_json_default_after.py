"""A JSON trace whose `default=` hook turns tensors into lists, dumped after the wait; the
input, only read by the op, goes into the trace before it."""

import json

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def encode(obj: object) -> object:
    if isinstance(obj, tr.Tensor):
        return obj.to_numpy().round(3).tolist()
    raise TypeError(type(obj).__name__)


h = upload(np.linspace(0, 1, 16))
probs = tr.zeros((16,))
pending = K.scale(tiles(probs), h, 0.5).submit()
inputs = json.dumps({"h": h}, default=encode)
pending.wait()
trace = json.loads(json.dumps({"step": 3, "probs": probs}, default=encode))
assert abs(trace["probs"][-1] - 0.5) < 1e-6 and inputs.startswith('{"h"')
