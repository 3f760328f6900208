"""An op is prepared against the old weights; the weights are updated before it is run."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import mul

import tilert as tr

N = 256


def main() -> None:
    x = tr.ones((N,))
    w = tr.full((N,), 2.0, name="w")
    out = tr.empty((N,))
    op = mul(out.partition((64,)), x, w)
    w.copy_from(np.full(N, 3.0, np.float32))  # expect: TC103
    op.sync()
    print(out.to_numpy()[0])


if __name__ == "__main__":
    main()
