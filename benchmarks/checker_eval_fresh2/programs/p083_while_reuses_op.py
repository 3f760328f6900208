"""Power iteration with a while loop; the scaling op was built once before the loop."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import scale

import tilert as tr

N = 256


def main() -> None:
    v = tr.full((N,), 64.0)
    norm = float(np.linalg.norm(v.to_numpy()))
    halve = scale(v.partition((64,)), 0.5)
    iters = 0
    while norm > 1.0 and iters < 20:
        halve.sync()  # expect: TC110
        norm = float(np.linalg.norm(v.to_numpy()))
        iters += 1
    print(iters, norm)


if __name__ == "__main__":
    main()
