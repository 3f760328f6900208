"""Base classes that programs subclass: a block owning its output, a pool of staging buffers."""

import tilert as tr
from llmweave.kernels import copy


class Block:
    """Owns its output buffer; subclasses say which op ``launch`` makes."""

    def __init__(self, n: int, tile: int = 16) -> None:
        self.n = n
        self.tile = tile
        self.out = tr.zeros((n,))

    def part(self) -> tr.Partition:
        return self.out.partition((self.tile,))

    def launch(self, x: tr.Tensor) -> tr.Op:
        return copy(self.part(), x)

    def forward(self, x: tr.Tensor) -> tr.Pending:
        return self.launch(x).submit()


class StagingPool:
    """A fixed set of buffers handed out by index."""

    def __init__(self, count: int, n: int) -> None:
        self.bufs = [tr.zeros((n,)) for _ in range(count)]

    def __getitem__(self, i: int) -> tr.Tensor:
        return self.bufs[i % len(self.bufs)]

    def __len__(self) -> int:
        return len(self.bufs)
