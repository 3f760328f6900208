"""Zero-copy checkpointing: the weights exported to numpy with np.from_dlpack while a launch
that reads them is still in flight."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Checkpointer:
    def __init__(self) -> None:
        self.saved: dict[int, np.ndarray] = {}

    def save(self, step: int, weights: tr.Tensor) -> None:
        self.saved[step] = np.from_dlpack(weights).copy()  # expect: TC103


def run(steps: int) -> Checkpointer:
    ckpt = Checkpointer()
    weights = upload(np.ones(N), name="weights")
    acts = tr.zeros(N, name="acts")
    for step in range(steps):
        pending = K.scale(tiles(acts), weights, 0.5 * step).submit()
        ckpt.save(step, weights)  # expect-also
        pending.wait()
    return ckpt


if __name__ == "__main__":
    print(sorted(run(2).saved))
