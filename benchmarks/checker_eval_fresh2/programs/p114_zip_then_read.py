"""Independent q/k/v fills run as one op through tr.zip; reads after its sync."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    q, k, v = (tr.empty((N,), name=n) for n in "qkv")
    both = tr.zip(
        fill(q.partition((64,)), 1.0),
        fill(k.partition((64,)), 2.0),
        fill(v.partition((64,)), 3.0),
    )
    pending = both.submit()
    pending.wait()
    np.testing.assert_allclose([q.to_numpy()[0], k.to_numpy()[0], v.to_numpy()[0]], [1, 2, 3])
    print("zip ok")


if __name__ == "__main__":
    main()
