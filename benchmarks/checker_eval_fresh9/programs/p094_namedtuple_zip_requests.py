"""Requests as NamedTuples; their ops run together through tr.zip before any is read."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Request(NamedTuple):
    rid: int
    prompt: tr.Tensor[tr.f32]
    out: tr.Tensor[tr.f32]


reqs = [Request(i, tr.full((4,), float(i)), tr.zeros((4,))) for i in range(3)]
ops: list[tr.Op[Any]] = [k.scale(tiles(r.out), r.prompt, 10.0) for r in reqs]
tr.zip(*ops).sync()
np.testing.assert_allclose([r.out.to_numpy()[0] for r in reqs], [0, 10, 20])
print("ok")
