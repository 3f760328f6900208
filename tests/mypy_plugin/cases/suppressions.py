# fmt: off
"""``# type: ignore[tile-...]`` suppresses each code (and strict mode's warn_unused_ignores
proves that each one had something to suppress)."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f16, f32


@tr.kernel
def copy(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z))
    x.store(z.load())  # type: ignore[tile-store-shared]


def main() -> None:
    x, z = tr.ones((256,)), tr.zeros((256,))
    copy(z.partition((64,)), z).sync()  # type: ignore[tile-mutable-alias]
    copy(z, x).sync()  # type: ignore[tile-argument-kind]
    copy(z.partition((64,)), tr.ones((256,), dtype=f16)).sync()  # type: ignore[tile-dtype]
    copy(z.partition((64,)), x).sync()  # type: ignore[tile-dtype]  # E: Unused "type: ignore" comment [unused-ignore]
