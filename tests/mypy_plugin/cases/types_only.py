# ruff: noqa: E501
# fmt: off
"""tilert used wrongly in ways only the types see (no plugin rule needed: the stubs say so)."""

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


def total(t: Tensor[f32]) -> float:
    return float(t.to_numpy().sum())


@tr.kernel
def misuse(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    tile = z.load()
    z.store(tl.load_tile_like(tile, z))  # E: Argument 1 to "load_tile_like" has incompatible type "Tile[f32]"; expected "Shared[Tensor[Any]] | Mutable[Tensor[Any]]" [arg-type]
    total(tile)  # E: Argument 1 to "total" has incompatible type "Tile[f32]"; expected "Tensor[f32]" [arg-type]
    x.load()  # E: "Shared[Tensor[f32]]" has no attribute "load" [attr-defined]
    z.load_tile((4,), (0,))  # E: "Mutable[Tensor[f32]]" has no attribute "load_tile" [attr-defined]


@tr.kernel
def bad_annotation(z: Mutable[int]) -> None:  # E: Type argument "int" of "Mutable" must be a subtype of "Tensor[Any]" [type-var]
    pass


def host() -> None:
    z = tr.zeros((256,))
    total(z.partition((64,)))  # E: Argument 1 to "total" has incompatible type "Partition[f32]"; expected "Tensor[f32]" [arg-type]
    op = misuse(z.partition((64,)), z)  # E: Tensor "z" is passed to kernel "misuse" as Mutable "z" and again as "x" in the same launch ({TC101}) [tile-mutable-alias]
    op.sync()
    with tr.graph() as g:
        g.record(z)  # E: Argument 1 to "record" of "Graph" has incompatible type "Tensor[f32]"; expected "Op[*tuple[Never, ...]]" [arg-type]
