"""A step result described as a mapping and taken apart with a ``match`` mapping pattern; the
``case`` body logs the output before waiting."""

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def step(x: tr.Tensor[tr.f32]) -> dict[str, object]:
    out = tr.empty(x.shape)
    return {"kind": "hidden", "out": out, "pending": K.relu(tiles(out), x).submit()}


result = step(vec(np.arange(-32, 32)))
match result:
    case {"kind": "hidden", "out": tr.Tensor() as out, "pending": pending}:
        print("active:", int((out.to_numpy() > 0).sum()))  # expect: TC102
        pending.wait()
    case _:
        raise SystemExit("unknown step")
