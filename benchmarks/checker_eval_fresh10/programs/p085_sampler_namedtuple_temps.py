"""A sampler with a temperature buffer per request, requests as typing.NamedTuple records."""

from typing import NamedTuple

import numpy as np
from llmforge import kernels as k
from llmforge.ops import tiles

import tilert as tr
from tilert import Tensor, f32


class Request(NamedTuple):
    rid: int
    logits: Tensor[f32]
    inv_temp: Tensor[f32]
    scaled: Tensor[f32]


def make(rid: int, temp: float) -> Request:
    return Request(
        rid,
        tr.arange(8, dtype=f32),
        tr.full((8,), 1.0 / temp, dtype=f32),
        tr.zeros((8,), dtype=f32),
    )


reqs = [make(i, t) for i, t in enumerate((0.5, 1.0, 2.0))]
work = tr.zip(*(k.mul(tiles(r.scaled), r.logits, r.inv_temp) for r in reqs))
work.sync()
for r in reqs:
    np.testing.assert_allclose(r.scaled.to_numpy(), np.arange(8) * r.inv_temp.to_numpy())
