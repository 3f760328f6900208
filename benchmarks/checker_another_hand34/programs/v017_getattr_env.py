"""Post-processing steps named in an environment variable and looked up with getattr on the
kernel module; in-place steps (a trailing underscore) take the factor only."""

from __future__ import annotations

import os

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 256
STEPS = os.environ.get("VK_POSTPROC", "relu,scale_").split(",")


def postprocess(x: tr.Tensor, steps: list[str]) -> np.ndarray:
    out = tr.zeros(N, name="post")
    K.copy(tiles(out), x).sync()
    for name in steps:
        kernel = getattr(K, name.strip())
        if name.endswith("_"):
            kernel(out, 0.5).sync()  # expect: TC106
        else:
            tmp = tr.zeros(N, name=f"{name}_in")
            K.copy(tiles(tmp), out).sync()
            kernel(tiles(out), tmp).sync()
    return out.to_numpy()


if __name__ == "__main__":
    got = postprocess(upload(np.linspace(-1.0, 1.0, N), name="x"), STEPS)
    print(got[-4:])
