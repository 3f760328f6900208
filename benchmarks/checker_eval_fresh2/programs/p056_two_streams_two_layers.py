"""Two layers of one KV cache written on two streams at once; both waited, then read."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr

LAYERS, SEQ, DIM = 2, 16, 64


def main() -> None:
    kv = tr.zeros((LAYERS, SEQ, DIM), name="kv")
    streams = [tr.Stream(), tr.Stream()]
    pends = [
        fill(kv[layer].partition((4, DIM)), float(layer + 1)).submit(streams[layer])
        for layer in range(LAYERS)
    ]
    for p in pends:
        p.wait()
    arr = kv.to_numpy()
    np.testing.assert_allclose(arr[:, 0, 0], [1.0, 2.0])
    print(arr.sum())


if __name__ == "__main__":
    main()
