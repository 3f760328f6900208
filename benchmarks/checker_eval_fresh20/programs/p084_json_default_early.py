"""A JSON trace whose `default=` hook turns tensors into lists, dumped before the step's wait."""

import json

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr


def encode(obj: object) -> object:
    if isinstance(obj, tr.Tensor):
        return obj.to_numpy().round(3).tolist()  # expect: TC102
    raise TypeError(type(obj).__name__)


h = upload(np.linspace(0, 1, 16))
probs = tr.zeros((16,))
pending = K.scale(tiles(probs), h, 0.5).submit()
trace = json.dumps({"step": 3, "probs": probs}, default=encode)  # expect-also
pending.wait()
print(trace[:40])
