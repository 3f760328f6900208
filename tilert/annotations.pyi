"""Kernel parameter annotations, with what they are inside a kernel body.

``Mutable[Tensor[f32]]`` is the block's own tile of a partition (``load``, ``store``,
``index``); ``Shared[Tensor[f32]]`` is a read-only tensor (``load_tile``; no ``store``, ever);
``Const[int]`` is an ``int`` known at compile time. On the host the mypy plugin turns them into
the launch's argument types: Partition, Tensor and the scalar."""

from collections.abc import Iterator
from typing import Annotated, Any, Generic, TypeVar, type_check_only

from tilert.dtypes import DType, i32
from tilert.lang import Shape, Tile, _Index, _Scalar
from tilert.tensor import Tensor

T = TypeVar("T")
_TT = TypeVar("_TT", bound=Tensor[Any])
_DT = TypeVar("_DT", bound=DType)

@type_check_only
class _TensorParameter(Generic[_TT]):
    """What every tensor parameter of a kernel has: its metadata."""

    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def dtype(self: _TensorParameter[Tensor[_DT]]) -> type[_DT]: ...

@type_check_only
class _MutableParameter(_TensorParameter[_TT]):
    """A Mutable parameter inside a kernel: the block owns its tile(s) of the partition."""

    @property
    def tile_shape(self) -> tuple[int, ...]: ...
    @property
    def index(self) -> tuple[Tile[i32], ...]: ...
    def load(
        self: _MutableParameter[Tensor[_DT]], at: _Index | None = None, latency: int | None = None
    ) -> Tile[_DT]: ...
    def store(self, tile: Tile[Any] | _Scalar, at: _Index | None = None) -> None: ...
    def tiles(self) -> Iterator[tuple[Tile[i32], ...]]: ...

@type_check_only
class _SharedParameter(_TensorParameter[_TT]):
    """A Shared parameter inside a kernel: read-only, any tile may be loaded."""

    def load_tile(
        self: _SharedParameter[Tensor[_DT]], shape: Shape, index: _Index, latency: int | None = None
    ) -> Tile[_DT]: ...

class Mutable(_MutableParameter[_TT]):
    """An output: the host passes a Partition, each block owns one tile of it."""

class Shared(_SharedParameter[_TT]):
    """An input: the host passes a Tensor, every block may read all of it, none may write."""

@type_check_only
class _ConstMarker: ...

# A compile-time constant is its value's type inside the kernel (``Const[int]`` is an int).
Const = Annotated[T, _ConstMarker]
