"""Capture of a padded decode step: a dict subclass with __missing__ hands out scratch buffers
by size, and the helper that builds the step looks one up inside the capture."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class Scratch(dict):
    def __missing__(self, n: int) -> tr.Tensor:
        t = self[n] = tr.zeros(n, name=f"scratch{n}")  # expect: TC111
        return t


def build_step(g: tr.Graph, pool: Scratch, x: tr.Tensor) -> tr.Tensor:
    buf = pool[x.shape[0]]
    g.record(K.scale(tiles(buf), x, 2.0))
    return buf


if __name__ == "__main__":
    x = upload(np.arange(N), name="x")
    pool = Scratch()
    with tr.graph() as g:
        out = build_step(g, pool, x)  # expect-also
    g.launch().wait()
    g.close()
    print(out.to_numpy()[:4])
