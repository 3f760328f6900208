"""Capture of a padded decode step: a dict subclass with __missing__ hands out scratch buffers
by size, warmed before the capture so the lookup inside it finds the buffer."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class Scratch(dict):
    def __missing__(self, n: int) -> tr.Tensor:
        t = self[n] = tr.zeros(n, name=f"scratch{n}")
        return t


def build_step(g: tr.Graph, pool: Scratch, x: tr.Tensor) -> tr.Tensor:
    buf = pool[x.shape[0]]
    g.record(K.scale(tiles(buf), x, 2.0))
    return buf


if __name__ == "__main__":
    x = upload(np.arange(N), name="x")
    pool = Scratch()
    pool[N].describe()  # allocate outside the capture
    with tr.graph() as g:
        out = build_step(g, pool, x)
    g.launch().wait()
    g.close()
    print(out.to_numpy()[:4])
