"""A helper picks the tiling once; the decay loop reuses the partition it returned."""

from __future__ import annotations

from llmserve.kernels import scale

import tilert as tr


def tiles_of(t: tr.Tensor) -> tr.Partition:
    n = t.shape[0]
    return t.partition((min(n, 256),))


def main() -> None:
    momentum = tr.ones((1024,), name="momentum")
    part = tiles_of(momentum)
    for _ in range(3):
        scale(part, 0.9).sync()  # expect: TC109
    print(momentum.to_numpy()[0])


if __name__ == "__main__":
    main()
