"""A user-tuned launch: the tuned function partitions inside and returns the op."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import axpy

import tilert as tr

N = 1024


@tr.autotune(configs=[tr.Config(tile=128), tr.Config(tile=256)], key=["y"], cache=False)
def tuned_axpy(cfg: tr.Config, y: tr.Tensor, x: tr.Tensor, a: float) -> tr.Op:
    return axpy(y.partition((cfg.tile,)), x, a)


def main() -> None:
    x = tr.ones((N,))
    y = tr.zeros((N,))
    tuned_axpy(y, x, 2.0).sync()
    y.copy_from(np.zeros(N, np.float32))
    tuned_axpy(y, x, 2.0).sync()
    np.testing.assert_allclose(y.to_numpy(), np.full(N, 2.0, np.float32))
    print(y.to_numpy()[0])


if __name__ == "__main__":
    main()
