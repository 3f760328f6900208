"""Projections kept in a dict by name; the rotary step updates one of them from the others."""

from __future__ import annotations

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

DIM = 8
rng = np.random.default_rng(0)
proj = {name: tr.from_numpy(rng.standard_normal(DIM).astype(np.float32)) for name in "qkv"}


def rotate(target: str, source: str) -> None:
    k.add(tiles(proj[target]), proj[source], proj["q"]).sync()  # expect: TC101


rotate("k", "v")
rotate("q", "k")  # expect-also
print({n: t.to_numpy()[:2] for n, t in proj.items()})
