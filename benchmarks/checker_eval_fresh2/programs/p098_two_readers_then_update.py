"""Two ops read the same weights concurrently; the weights are updated after both waits."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import mul

import tilert as tr

N = 256


def main() -> None:
    w = tr.full((N,), 2.0, name="w")
    xs = [tr.full((N,), float(i + 1)) for i in range(2)]
    outs = [tr.empty((N,)) for _ in xs]
    pends = [mul(o.partition((64,)), x, w).submit() for o, x in zip(outs, xs, strict=True)]
    for p in pends:
        p.wait()
    w.copy_from(np.full(N, 10.0, np.float32))
    mul(outs[0].partition((64,)), xs[0], w).sync()
    np.testing.assert_allclose([o.to_numpy()[0] for o in outs], [10.0, 4.0])
    print("ok")


if __name__ == "__main__":
    main()
