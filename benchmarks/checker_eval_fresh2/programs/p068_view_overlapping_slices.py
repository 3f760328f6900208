"""Sliding-window cache update: two overlapping windows of layer rows partitioned together."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

LAYERS, DIM = 4, 128


def main() -> None:
    kv = tr.zeros((LAYERS, DIM), name="kv")
    old = kv[0:2].partition((1, DIM))
    new = kv[1:3].partition((1, DIM))  # expect: TC104
    tr.zip(fill(old, 0.0), fill(new, 1.0)).sync()
    print(kv.to_numpy()[:, 0])


if __name__ == "__main__":
    main()
