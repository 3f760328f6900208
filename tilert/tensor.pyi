"""Tensors and partitions, generic over their element type: ``tr.zeros(n, dtype=f16)`` is a
``Tensor[f16]`` and its ``.partition(...)`` a ``Partition[f16]``."""

from collections.abc import Sequence
from dataclasses import dataclass
from types import EllipsisType
from typing import Any, Generic, SupportsIndex, TypeVar, overload

import numpy as np
from typing_extensions import Never, Self

from tilert._core.storage import Storage
from tilert.dtypes import DType, bool_, f16, f32, f64, i8, i16, i32, i64, u8

DT = TypeVar("DT", bound=DType)
_DT2 = TypeVar("_DT2", bound=DType)
ShapeLike = int | Sequence[int]
MAX_PARTITION_RANK: int

_OtherDType = str | np.dtype[Any] | type[np.generic] | type[DType]
# numpy's basic indexing: what a view takes (lists, arrays and bools are advanced indexing)
_IndexItem = SupportsIndex | slice | EllipsisType | None
_Index = _IndexItem | tuple[_IndexItem, ...]

class Tensor(Generic[DT]):
    """A device tensor with run-time ownership (host numpy under ``interpret``): dense, or a
    view of another (``t[i]``, ``reshape``, ``transpose``, ``view``) that borrows with it."""

    name: str | None
    created_at: str
    def __init__(
        self,
        storage: Storage,
        shape: tuple[int, ...],
        dtype: np.dtype[Any],
        *,
        name: str | None = None,
    ) -> None: ...
    @property
    def shape(self) -> tuple[int, ...]: ...
    @property
    def dtype(self) -> type[DT]: ...
    @property
    def strides(self) -> tuple[int, ...]: ...
    @property
    def ndim(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    @property
    def device(self) -> str: ...
    @property
    def base(self) -> Tensor[Any] | None: ...
    def is_contiguous(self) -> bool: ...
    def describe(self) -> str: ...
    def to_numpy(self) -> np.ndarray[Any, Any]: ...
    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]: ...
    def copy_from(self, source: Tensor[Any] | np.ndarray[Any, Any]) -> Self: ...
    def partition(self, tile_shape: ShapeLike) -> Partition[DT]: ...
    # views: the same memory seen otherwise, borrowed with it
    def __getitem__(self, key: _Index) -> Tensor[DT]: ...
    @overload
    def reshape(self, shape: Sequence[SupportsIndex], /) -> Tensor[DT]: ...
    @overload
    def reshape(self, *shape: SupportsIndex) -> Tensor[DT]: ...
    @overload
    def permute(self, dims: Sequence[SupportsIndex], /) -> Tensor[DT]: ...
    @overload
    def permute(self, *dims: SupportsIndex) -> Tensor[DT]: ...
    def transpose(self, a: int = -2, b: int = -1) -> Tensor[DT]: ...
    @property
    def T(self) -> Tensor[DT]: ...
    @overload
    def view(self, dtype: type[_DT2]) -> Tensor[_DT2]: ...
    @overload
    def view(self, dtype: _OtherDType) -> Tensor[Any]: ...
    # conversions: new tensors, computed by a kernel
    @overload
    def astype(self, dtype: type[_DT2], *, name: str | None = None) -> Tensor[_DT2]: ...
    @overload
    def astype(self, dtype: _OtherDType, *, name: str | None = None) -> Tensor[Any]: ...
    def contiguous(self) -> Tensor[DT]: ...
    def __dlpack__(
        self,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    @property
    def __cuda_array_interface__(self) -> dict[str, Any]: ...

@dataclass(frozen=True)
class Order:
    kind: str
    group: int = 1

row_major: Order

def grouped(group: int) -> Order: ...

@dataclass(frozen=True)
class Mapping:
    blocks: int
    order: Order

class Partition(Generic[DT]):
    """An exclusive borrow of a tensor split into disjoint tiles; consumed by one launch."""

    tensor: Tensor[DT]
    tile_shape: tuple[int, ...]
    grid: tuple[int, ...]
    mapping: Mapping | None
    consumed_at: str | None
    def __init__(self, tensor: Tensor[DT], tile_shape: tuple[int, ...]) -> None: ...
    def mapped(self, blocks: int, order: Order = ...) -> Self: ...
    @property
    def num_tiles(self) -> int: ...
    def describe(self) -> str: ...
    def __del__(self) -> None: ...

# Creation: a dtype class gives a tensor of that dtype, no dtype gives f32 (the runtime's
# default); names and numpy dtypes are accepted at run time and typed Tensor[Any] here (the
# mypy plugin narrows the literal ones).
@overload
def empty(shape: ShapeLike, dtype: type[DT], *, name: str | None = None) -> Tensor[DT]: ...
@overload
def empty(shape: ShapeLike, *, name: str | None = None) -> Tensor[f32]: ...
@overload
def empty(shape: ShapeLike, dtype: _OtherDType, *, name: str | None = None) -> Tensor[Any]: ...
@overload
def zeros(shape: ShapeLike, dtype: type[DT], *, name: str | None = None) -> Tensor[DT]: ...
@overload
def zeros(shape: ShapeLike, *, name: str | None = None) -> Tensor[f32]: ...
@overload
def zeros(shape: ShapeLike, dtype: _OtherDType, *, name: str | None = None) -> Tensor[Any]: ...
@overload
def ones(shape: ShapeLike, dtype: type[DT], *, name: str | None = None) -> Tensor[DT]: ...
@overload
def ones(shape: ShapeLike, *, name: str | None = None) -> Tensor[f32]: ...
@overload
def ones(shape: ShapeLike, dtype: _OtherDType, *, name: str | None = None) -> Tensor[Any]: ...
@overload
def full(
    shape: ShapeLike, value: Any, dtype: type[DT], *, name: str | None = None
) -> Tensor[DT]: ...
@overload
def full(shape: ShapeLike, value: Any, *, name: str | None = None) -> Tensor[f32]: ...
@overload
def full(
    shape: ShapeLike, value: Any, dtype: _OtherDType, *, name: str | None = None
) -> Tensor[Any]: ...
@overload
def arange(n: int, dtype: type[DT], *, name: str | None = None) -> Tensor[DT]: ...
@overload
def arange(n: int, *, name: str | None = None) -> Tensor[f32]: ...
@overload
def arange(n: int, dtype: _OtherDType, *, name: str | None = None) -> Tensor[Any]: ...

# from_numpy: the array's numpy dtype gives the tensor's (bf16 arrays come from ml_dtypes,
# which has no static dtype, so they are Tensor[Any]). Each overload takes its scalar type through
# a TypeVar rather than by name: mypy infers an argument in the context of each overload it tries,
# and a named one (np.dtype[np.float16]) would make an inline `np.zeros(n, dtype=np.float64)` an
# array of float16 and the first overload match; a TypeVar leaves the argument's own type.
# The first overload catches an array whose dtype numpy's stubs leave as Any (dtype="float32",
# dtype=bool): Any matches every overload, and mypy would take the first, a wrong guess.
_UNKNOWN = TypeVar("_UNKNOWN", bound=Never)  # only Any is a subtype of Never
_F16 = TypeVar("_F16", bound=np.float16)
_F32 = TypeVar("_F32", bound=np.float32)
_F64 = TypeVar("_F64", bound=np.float64)
_I8 = TypeVar("_I8", bound=np.int8)
_I16 = TypeVar("_I16", bound=np.int16)
_I32 = TypeVar("_I32", bound=np.int32)
_I64 = TypeVar("_I64", bound=np.int64)
_U8 = TypeVar("_U8", bound=np.uint8)
_BOOL = TypeVar("_BOOL", bound=np.bool_)

@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_UNKNOWN]], *, name: str | None = None
) -> Tensor[Any]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_F16]], *, name: str | None = None
) -> Tensor[f16]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_F32]], *, name: str | None = None
) -> Tensor[f32]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_F64]], *, name: str | None = None
) -> Tensor[f64]: ...
@overload
def from_numpy(array: np.ndarray[Any, np.dtype[_I8]], *, name: str | None = None) -> Tensor[i8]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_I16]], *, name: str | None = None
) -> Tensor[i16]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_I32]], *, name: str | None = None
) -> Tensor[i32]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_I64]], *, name: str | None = None
) -> Tensor[i64]: ...
@overload
def from_numpy(array: np.ndarray[Any, np.dtype[_U8]], *, name: str | None = None) -> Tensor[u8]: ...
@overload
def from_numpy(
    array: np.ndarray[Any, np.dtype[_BOOL]], *, name: str | None = None
) -> Tensor[bool_]: ...
@overload
def from_numpy(array: np.ndarray[Any, Any], *, name: str | None = None) -> Tensor[Any]: ...
