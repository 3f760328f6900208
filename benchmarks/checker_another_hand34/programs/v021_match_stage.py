"""Post-processing stages chosen by an enum: each stage's op is built by a match statement, and
run only if the stage is enabled."""

from __future__ import annotations

import enum

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256


class Stage(enum.Enum):
    SCALE = "scale"
    CLAMP = "clamp"
    EXPORT = "export"


def postprocess(x: tr.Tensor, enabled: set[Stage]) -> np.ndarray:
    work = tr.zeros(N, name="work")
    clamped = tr.zeros(N, name="clamped")
    final = tr.zeros(N, name="final")
    for stage in Stage:
        match stage:
            case Stage.SCALE:
                op = K.scale(tiles(work), x, 0.5)
            case Stage.CLAMP:
                op = K.relu(tiles(clamped), work)  # expect: TC105
            case Stage.EXPORT:
                op = K.copy(tiles(final), work)
        if stage in enabled:
            op.sync()
    return final.to_numpy()


if __name__ == "__main__":
    got = postprocess(upload(np.linspace(-1.0, 1.0, N), name="x"), {Stage.SCALE, Stage.EXPORT})
    np.testing.assert_allclose(got, 0.5 * np.linspace(-1.0, 1.0, N, dtype=np.float32))
    print("ok")
