"""Tensors and partitions. Under the interpreter a tensor's storage is a host numpy array."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from tilert import backends
from tilert._core import ownership
from tilert._core.capture import refuse_in_capture
from tilert._core.storage import HostStorage, Storage
from tilert._core.where import user_callsite
from tilert._dlpack import abi, aliases, export
from tilert.cuda.memory import array_interface
from tilert.dtypes import DType, as_dtype, f32, from_numpy_dtype
from tilert.errors import BorrowError

DT = TypeVar("DT", bound=DType)
ShapeLike = int | Sequence[int]
MAX_PARTITION_RANK = 3


def _shape(shape: ShapeLike, what: str = "shape") -> tuple[int, ...]:
    try:
        dims = (shape,) if isinstance(shape, (int, np.integer)) else tuple(shape)
        out = tuple(operator.index(d) for d in dims)
    except TypeError:
        raise TypeError(
            f"bad {what}: a shape is made of ints (an int or a sequence of ints), got "
            f"{shape!r} ({type(shape).__name__})"
        ) from None
    if any(d < 0 for d in out):
        raise ValueError(f"negative dimension in {what} {out}")
    return out


def _count(value: Any, what: str) -> int:
    """A count given by the user (blocks, a group size): an int, never a float or a bool."""
    if not isinstance(value, bool):
        try:
            return operator.index(value)
        except TypeError:
            pass
    raise TypeError(f"{what} must be an int, got {value!r} ({type(value).__name__})")


class Tensor(Generic[DT]):
    """A dense, C-contiguous tensor with run-time ownership.

    Metadata is always readable; the data is read on the host (``to_numpy``) only when no op
    writes it, and written (``copy_from``, ``partition``) only when nothing borrows it."""

    # slots: a launch reads several of these, in Python or in C (tilert/_fast_src)
    __slots__ = (
        "__weakref__",
        "_borrows",
        "_dtype",
        "_exclusive",
        "_launch_view",
        "_np_dtype",
        "_shape",
        "_storage",
        "_writer",
        "created_at",
        "name",
    )

    def __init__(
        self,
        storage: Storage,
        shape: tuple[int, ...],
        dtype: np.dtype[Any],
        *,
        name: str | None = None,
    ) -> None:
        """A tensor over ``storage`` (made by the backend: ``tr.empty``, ``tr.from_numpy`` and
        ``tr.from_dlpack`` are the ways to make one)."""
        if not isinstance(shape, tuple) or not hasattr(storage, "on_device"):
            raise TypeError(
                "Tensor(storage, shape, dtype) is made by tilert: create tensors with "
                "tr.empty, tr.zeros, tr.from_numpy or tr.from_dlpack"
            )
        self._storage = storage
        self._np_dtype: np.dtype[Any] = np.dtype(dtype)
        self._dtype: type[DType] = from_numpy_dtype(self._np_dtype)
        self._shape = shape  # read on every launch: kept as is
        self._borrows: dict[ownership.Holder, ownership.Borrow] = {}  # see ownership.Named
        self._exclusive = 0
        self.name = name
        self.created_at = user_callsite()
        # the (stream, launch number) of the last launch that wrote it, so an op on another
        # stream can wait for that launch (see tilert.streams)
        self._writer: tuple[Any, int] | None = None
        self._launch_view: Any = None  # what a GPU launch receives (made once, by the backend)

    @property
    def _host_array(self) -> np.ndarray[Any, Any]:
        """The host array the interpreter runs kernels on (a GPU tensor has none)."""
        storage = self._storage
        if not isinstance(storage, HostStorage):
            raise RuntimeError(
                f"{self.describe()} lives on the GPU: it has no host array (use to_numpy())"
            )
        return storage.array

    def _device_storage(self) -> Storage:
        """The GPU memory of this tensor (what a GPU launch passes); an error when it lives on
        the host."""
        if not self._storage.on_device:
            raise RuntimeError(
                f"{self.describe()} lives on the host but the cutile backend runs on the GPU: "
                "create tensors after choosing the backend (TILERT_BACKEND=cutile), or copy it "
                "with tr.from_numpy(t.to_numpy())"
            )
        return self._storage

    # -- metadata (always readable) ---------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        return self._shape

    @property
    def dtype(self) -> type[DType]:
        return self._dtype

    @property
    def strides(self) -> tuple[int, ...]:
        """Strides in elements (as torch and cuTile count them), not bytes: C-contiguous."""
        return abi.c_strides(self._shape)

    @property
    def ndim(self) -> int:
        return len(self._shape)

    @property
    def size(self) -> int:
        return math.prod(self._shape)

    @property
    def nbytes(self) -> int:
        return self.size * self._np_dtype.itemsize

    @property
    def device(self) -> str:
        return "cuda:0" if self._storage.on_device else "cpu"

    def describe(self) -> str:
        dims = ",".join(map(str, self.shape))
        if self.name:
            return f"tensor `{self.name}` ({self.dtype}[{dims}])"
        return f"tensor {self.dtype}[{dims}] (created at {self.created_at})"

    def __repr__(self) -> str:
        return f"Tensor(shape={self.shape}, dtype={self.dtype}, device={self.device!r})"

    # -- data access (borrow-checked) -------------------------------------------------------
    def to_numpy(self) -> np.ndarray[Any, Any]:
        """A host copy of the data; refused while an op writes the tensor."""
        ownership.check_host_read(self, "read")
        out: np.ndarray[Any, Any] = np.empty(self.shape, dtype=self._np_dtype)
        self._storage.read(out)
        return out

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
        if copy is False:  # numpy 2's protocol: refuse rather than copy silently
            raise ValueError(
                f"{self.describe()} cannot be viewed as a numpy array without a copy (its "
                "ownership would not follow the view): use to_numpy() or np.asarray(t)"
            )
        out = self.to_numpy()
        return out if dtype is None else out.astype(dtype)

    def copy_from(self, source: Tensor[Any] | np.ndarray[Any, Any]) -> Tensor[DT]:
        """Overwrite this tensor with ``source`` (a tensor, or an array-like of numbers of the
        same shape); returns self."""
        refuse_in_capture("copy into a tensor")
        if not isinstance(source, Tensor):
            source = _numbers(source, f"copy_from into {self.describe()}")
        ownership.check_host_write(self, "copy into")
        if isinstance(source, Tensor):
            ownership.check_host_read(source, "copy from")
            if self._storage.on_device and source._storage.on_device:
                if source.shape != self.shape or source.dtype is not self.dtype:
                    raise ValueError(
                        f"copy_from: {source.describe()} does not match {self.describe()}"
                    )
                self._storage.copy_from(source._storage)
                return self
            stored = source._storage
            data = stored.array if isinstance(stored, HostStorage) else source.to_numpy()
        else:
            data = source
        if tuple(data.shape) != self.shape:
            raise ValueError(f"copy_from: shape {tuple(data.shape)} does not match {self.shape}")
        self._storage.write(data.astype(self._np_dtype, copy=False))
        return self

    def partition(self, tile_shape: ShapeLike) -> Partition[DT]:
        """Borrow this tensor exclusively, split into disjoint tiles of ``tile_shape``."""
        return Partition(self, tile_shape)

    def __dlpack__(
        self,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> Any:
        """Share the memory with another framework (the array API's DLPack protocol); refused
        while an op uses the tensor, so no device work on it is pending and ``stream`` needs no
        event. ``copy=True`` exports a copy; ``dl_device=(1, 0)`` a host copy of a GPU tensor."""
        ownership.check_host_write(self, "export (DLPack)")
        return export.export_dlpack(
            self, stream=stream, max_version=max_version, dl_device=dl_device, copy=copy
        )

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0) if self._storage.on_device else (1, 0)  # kDLCUDA / kDLCPU

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        """v3 interface of a GPU tensor (refused while an op writes it)."""
        if not self._storage.on_device:
            raise AttributeError("a host tensor has no __cuda_array_interface__")
        ownership.check_host_write(self, "export (__cuda_array_interface__)")
        aliases.remember(self)  # its memory can come back through tr.from_dlpack: as this tensor
        return array_interface(self._storage.ptr, self.shape, self._np_dtype)


@dataclass(frozen=True)
class Order:
    """The order in which a mapped partition hands tiles to blocks."""

    kind: str  # "row-major" or "grouped"
    group: int = 1


row_major = Order("row-major")


def grouped(group: int) -> Order:
    """Grouped (swizzled) tile order over the first two axes, as in Triton's GEMM tutorial."""
    group = _count(group, "tr.grouped(group): the group size")
    if group < 1:
        raise ValueError(f"grouped order needs a group size >= 1, got {group}")
    return Order("grouped", group)


@dataclass(frozen=True)
class Mapping:
    blocks: int
    order: Order


def _check_tile_shape(shape: tuple[int, ...], tile: tuple[int, ...]) -> None:
    if len(tile) != len(shape):
        raise ValueError(
            f"tile shape {tile} has rank {len(tile)} but the tensor has rank {len(shape)}"
        )
    if not 1 <= len(tile) <= MAX_PARTITION_RANK:
        raise ValueError(f"partitions have rank 1 to {MAX_PARTITION_RANK}, got rank {len(tile)}")
    for d in tile:
        if d <= 0 or d & (d - 1):
            raise ValueError(f"tile shape {tile}: every dimension must be a power of two, got {d}")


# (tensor shape, tile shape as given) -> (tile shape, grid): partitioning the same way again
# (every launch of a loop does) costs one dict lookup.
_tilings: dict[tuple[tuple[int, ...], Any], tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _tiling(
    shape: tuple[int, ...], tile_shape: ShapeLike
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The checked tile shape and the grid of tiles covering ``shape``."""
    # only plain ints are cached: a float (4.0) equals its int and would hit that int's entry
    plain = type(tile_shape) is int or (
        type(tile_shape) is tuple and all(type(d) is int for d in tile_shape)
    )
    if plain and (found := _tilings.get((shape, tile_shape))) is not None:
        return found
    tile = _shape(tile_shape, "tile shape")
    _check_tile_shape(shape, tile)
    found = (tile, tuple(-(-s // t) for s, t in zip(shape, tile, strict=True)))
    if plain and len(_tilings) < 4096:
        _tilings[shape, tile_shape] = found
    return found


class Partition(Generic[DT]):
    """An exclusive borrow of a tensor split into disjoint tiles; consumed by one launch.

    Edge tiles of a non-divisible shape are masked: loads read zeros outside the tensor and
    stores are clipped to it."""

    __slots__ = ("_consumer", "_holder", "consumed_at", "grid", "mapping", "tensor", "tile_shape")

    def __init__(self, tensor: Tensor[DT], tile_shape: ShapeLike) -> None:
        self.tile_shape, self.grid = _tiling(tensor._shape, tile_shape)
        self.tensor = tensor
        self.mapping: Mapping | None = None
        self.consumed_at: str | None = None  # where the launch that consumed it was made
        self._consumer: ownership.Holder | None = None
        where = user_callsite()
        self._holder = holder = ownership.PartitionHolder(tensor, where, ownership.handoff_group())
        with ownership.LOCK:
            ownership.take(tensor, holder, True, "partitioned", where)

    def _borrow_by(self, op: ownership.Holder, what: str, where: str) -> None:
        """Consumed by a launch: its exclusive borrow now reads as the op's, and is released
        with the op's (the op keeps this partition's holder among its own)."""
        self.consumed_at = where
        self._consumer = op
        borrows = self.tensor._borrows
        if self._holder in borrows:  # (unless tr.unsafe.force_release dropped it)
            borrows[self._holder] = (True, what, where)

    def mapped(self, blocks: int, order: Order = row_major) -> Partition[DT]:
        """Launch ``blocks`` persistent blocks that share this partition's tiles out."""
        self._check_live("map")
        blocks = _count(blocks, "mapped(blocks=...): the number of blocks")
        if blocks < 1:
            raise ValueError(f"mapped(blocks={blocks}): need at least one block")
        if not isinstance(order, Order):
            raise TypeError(
                f"mapped(order=...): the order must be tr.row_major or tr.grouped(n), got {order!r}"
            )
        self.mapping = Mapping(blocks, order)
        return self

    @property
    def num_tiles(self) -> int:
        return math.prod(self.grid)

    def describe(self) -> str:
        return f"partition {self.tile_shape} of {self.tensor.describe()}"

    def _check_live(self, action: str) -> None:
        if self.consumed_at is not None:
            raise BorrowError(
                f"cannot {action} the {self.describe()}: it was consumed by the launch at "
                f"{self.consumed_at}; partition the tensor again after that op is synced"
            )

    def __del__(self) -> None:
        """Dropping an unconsumed partition ends its borrow, as dropping one does in Rust."""
        if getattr(self, "consumed_at", "") is None:
            ownership.release_all(self._holder)

    def __repr__(self) -> str:
        state = "consumed" if self.consumed_at else "live"
        return f"Partition(tile_shape={self.tile_shape}, grid={self.grid}, {state})"


# -- creation ---------------------------------------------------------------------------------
def _new(array: np.ndarray[Any, Any], name: str | None) -> Tensor[Any]:
    """A tensor holding ``array``'s data, in the memory the current backend allocates."""
    refuse_in_capture("allocate a tensor")
    storage = backends.current().allocate(array)
    return Tensor(storage, array.shape, array.dtype, name=name)


def empty(shape: ShapeLike, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    return _new(np.empty(_shape(shape), dtype=as_dtype(dtype).np_dtype), name)


def zeros(shape: ShapeLike, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    return _new(np.zeros(_shape(shape), dtype=as_dtype(dtype).np_dtype), name)


def ones(shape: ShapeLike, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    return _new(np.ones(_shape(shape), dtype=as_dtype(dtype).np_dtype), name)


def _fitting(value: Any, dtype: type[DType]) -> Any:
    """``value`` checked to fit an integer ``dtype`` exactly (numpy would wrap it, saturate it
    or truncate it silently); other values and dtypes are numpy's to convert."""
    np_dtype = np.dtype(dtype.np_dtype)
    if np_dtype.kind not in "iu" or isinstance(value, (bool, np.bool_)):
        return value
    if isinstance(value, (float, np.floating)):
        number = float(value)
        if math.isnan(number) or (math.isfinite(number) and not number.is_integer()):
            raise ValueError(f"value {value!r} does not fit {dtype}: it is not an integer")
        if math.isinf(number):
            raise OverflowError(f"value {value!r} does not fit {dtype}")
        whole = int(number)
    else:
        try:
            whole = operator.index(value)
        except TypeError:
            return value
    info = np.iinfo(np_dtype.str)
    if not info.min <= whole <= info.max:
        raise OverflowError(
            f"value {value!r} does not fit {dtype} (its range is {info.min} to {info.max})"
        )
    return whole


def full(shape: ShapeLike, value: Any, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    dt = as_dtype(dtype)
    return _new(np.full(_shape(shape), _fitting(value, dt), dtype=dt.np_dtype), name)


def arange(n: int, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    """``0, 1, ..., n-1``; every value must fit ``dtype`` (OverflowError otherwise)."""
    dt = as_dtype(dtype)
    count = _count(n, "arange(n): n")
    if count > 1:
        np_dtype = np.dtype(dt.np_dtype)
        if np_dtype.kind == "f" and count - 1 > float(np.finfo(np_dtype.str).max):
            raise OverflowError(f"arange({count}): value {count - 1} does not fit {dt}")
        try:
            _fitting(count - 1, dt)
        except OverflowError as exc:
            raise OverflowError(f"arange({count}): {exc}") from None
    return _new(np.arange(count).astype(dt.np_dtype), name)


def _numbers(source: Any, what: str) -> np.ndarray[Any, Any]:
    """``source`` as a numpy array of numbers (bool, int, float or a tilert dtype)."""
    try:
        data = np.asarray(source)
    except (TypeError, ValueError) as exc:
        raise TypeError(
            f"{what}: needs a tensor or an array-like of numbers, got {type(source).__name__} "
            f"({exc})"
        ) from None
    if data.dtype.kind not in "biuf":
        try:
            from_numpy_dtype(data.dtype)
        except TypeError:
            raise TypeError(
                f"{what}: needs a tensor or an array-like of numbers, got {source!r:.60} "
                f"({type(source).__name__}, numpy dtype {data.dtype})"
            ) from None
    return data


def from_numpy(array: np.ndarray[Any, Any], *, name: str | None = None) -> Tensor[Any]:
    """A tensor holding a copy of ``array`` (its dtype must be one of tilert's)."""
    from_numpy_dtype(np.asarray(array).dtype)
    return _new(np.array(array, copy=True, order="C"), name)
