"""An object double-buffering with its pendings kept on self."""

from __future__ import annotations

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32

N = 1024
T = 256


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))


class Pump:
    def __init__(self) -> None:
        self.x = tr.ones((N,))
        self.a = tr.zeros((N,))
        self.b = tr.zeros((N,))

    def run(self) -> None:
        self.pa = copy(self.a.partition((T,)), self.x).submit()
        for _ in range(3):
            self.pb = copy(self.b.partition((T,)), self.x).submit()
            self.pa.wait()
            print(self.a.to_numpy()[0])
            self.a, self.b = self.b, self.a
            self.pa, self.pb = self.pb, self.pa
        self.pa.wait()


def main() -> None:
    Pump().run()


if __name__ == "__main__":
    main()
