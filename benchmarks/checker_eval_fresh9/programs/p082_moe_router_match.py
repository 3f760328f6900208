"""A mixture-of-experts router: each token's expert picked with match, outputs per expert."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

EXPERTS = ("dense", "sparse", "shared")
outs = {name: tr.zeros((8,), name=f"out.{name}") for name in EXPERTS}
token = tr.full((8,), 2.0)


def route(score: float) -> str:
    match score:
        case s if s < 0.3:
            return "dense"
        case s if s < 0.7:
            return "sparse"
        case _:
            return "shared"


pending: dict[str, tr.Pending[Any]] = {}
for score in (0.1, 0.9):
    name = route(score)
    match name:
        case "dense":
            pending[name] = k.scale(tiles(outs[name]), token, 1.0).submit()
        case "sparse" | "shared":
            pending[name] = k.relu(tiles(outs[name]), token).submit()
for name, p in pending.items():
    p.wait()
    np.testing.assert_allclose(outs[name].to_numpy(), np.full(8, 2.0))
print(sorted(pending))
