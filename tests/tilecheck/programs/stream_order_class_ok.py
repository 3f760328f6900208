"""A model keeps its Pending in an attribute; another method launches a reader of the output
it writes before the Pending is waited on: stream order runs the reader after the writer."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


class Block:
    def __init__(self) -> None:
        self.x = tr.ones((N,))
        self.hidden = tr.zeros((N,))
        self.out = tr.zeros((N,))

    def start(self) -> None:
        self.pending = add(self.hidden.partition((T,)), self.x, self.x).submit()

    def project(self) -> tr.Pending:
        return add(self.out.partition((T,)), self.hidden, self.x).submit()

    def finish(self) -> None:
        self.pending.wait()


def main() -> None:
    block = Block()
    block.start()
    projected = block.project()
    projected.wait()
    block.finish()
    print(block.out.to_numpy()[0])


if __name__ == "__main__":
    main()
