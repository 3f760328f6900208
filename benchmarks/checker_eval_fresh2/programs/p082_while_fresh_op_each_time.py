"""Power iteration with a while loop; every iteration builds a fresh op."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import scale

import tilert as tr

N = 256


def main() -> None:
    v = tr.full((N,), 64.0)
    norm = float(np.linalg.norm(v.to_numpy()))
    iters = 0
    while norm > 1.0 and iters < 20:
        scale(v.partition((64,)), 0.5).sync()
        norm = float(np.linalg.norm(v.to_numpy()))
        iters += 1
    assert norm <= 1.0, norm
    print(iters, norm)


if __name__ == "__main__":
    main()
