"""TC107 (bad-partition-shape) in the catalog: what ``tilecheck explain TC107`` prints, and the
examples the tests check (each one the complete module a reader sees)."""

from __future__ import annotations

from tilecheck.catalog.base import Rule, invalid, valid
from tilecheck.codes import BAD_PARTITION_SHAPE

RULE = Rule(
    code=BAD_PARTITION_SHAPE,
    slug="bad-partition-shape",
    summary="a static tile shape of the wrong rank, or a non-positive or non-power-of-two dim",
    explanation="""\
A partition's tile shape becomes the shape of the tiles every block loads and stores. Tile IR
requires each tile dimension to be a power of two (edge tiles of a non-divisible tensor are
masked, so the tensor itself may have any size), the tile shape to have the tensor's rank, and
partitions to have rank 1 to 3.

A wrong shape fails at run time with a ValueError, often after a long setup; tilecheck reports
it where the shape is written, when the shape is made of literals and module-level integer
constants and the tensor's rank is visible at its creation (`tr.zeros((m, n))`).

Fix: round each dimension to a power of two (`1 << (n - 1).bit_length()`) and give one per
tensor dimension.""",
    scope="host",
    valid=(
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((1000,))
    scale(z.partition((128,)), 2.0).sync()  # the edge tile is masked
""",
            "a power-of-two tile over any tensor size",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


TILE = 1 << 4


def main() -> None:
    z = tr.zeros((64, 48))
    scale(z.partition((TILE, 2 * TILE)), 2.0).sync()
""",
            "constants are evaluated",
        ),
        valid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main(n: int, tile: int) -> None:
    z = tr.zeros((n,))
    scale(z.partition((tile,)), 2.0).sync()
""",
            "a tile size that is not static is checked at run time",
        ),
    ),
    invalid=(
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((1000,))
    scale(z.partition((100,)), 2.0).sync()  # TC107
""",
            "not a power of two",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((64, 64))
    scale(z.partition((16,)), 2.0).sync()  # TC107
""",
            "rank 1 tiles for a rank 2 tensor",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


def main() -> None:
    z = tr.zeros((4, 4, 4, 4))
    scale(z.partition((2, 2, 2, 2)), 2.0).sync()  # TC107
""",
            "rank above 3",
        ),
        invalid(
            """\
import tilert as tr
from tilert import Mutable, Tensor, f32


@tr.kernel
def scale(z: Mutable[Tensor[f32]], a: float) -> None:
    z.store(z.load() * a)


TILE = 0


def main() -> None:
    z = tr.zeros((256,))
    scale(z.partition((TILE,)), 2.0).sync()  # TC107
""",
            "a non-positive dimension",
        ),
    ),
)
