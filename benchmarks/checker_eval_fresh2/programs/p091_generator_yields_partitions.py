"""A generator hands out partitions of per-head buffers; each is launched once."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmserve.kernels import copy

import tilert as tr

HEADS, DIM = 4, 128


def head_tiles(heads: list[tr.Tensor]) -> Iterator[tr.Partition]:
    for h in heads:
        yield h.partition((DIM // 2,))


def main() -> None:
    src = tr.from_numpy(np.arange(DIM, dtype=np.float32))
    heads = [tr.zeros((DIM,)) for _ in range(HEADS)]
    for part in head_tiles(heads):
        copy(part, src).sync()
    assert all((h.to_numpy() == np.arange(DIM)).all() for h in heads)
    print("heads filled")


if __name__ == "__main__":
    main()
