"""A staging window drained all but the newest: buffers and Pendings in two lists, the waits
paired with their buffers by zip over slices, the newest waited before the histogram."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


def stage(x: tr.Tensor, steps: int) -> tuple[list[float], list[float]]:
    bufs: list[tr.Tensor] = []
    pends: list[tr.Pending] = []
    means = []
    for step in range(steps):
        buf = tr.zeros(N, name=f"stage{step}")
        bufs.append(buf)
        pends.append(K.scale(tiles(buf), x, float(step)).submit())
    for buf, pending in zip(bufs[:-1], pends[:-1], strict=True):
        pending.wait()
        means.append(float(buf.to_numpy().mean()))
    pends[-1].wait()
    peaks = [float(b.to_numpy().max()) for b in bufs]
    return means, peaks


if __name__ == "__main__":
    print(stage(upload(np.ones(N), name="x"), 4))
