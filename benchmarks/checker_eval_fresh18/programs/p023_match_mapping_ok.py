"""A step result taken apart with a ``match`` mapping pattern; the ``case`` body waits before
it reads the output."""

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
        pending.wait()
        active = int((out.to_numpy() > 0).sum())
    case _:
        raise SystemExit("unknown step")
assert active == 31
