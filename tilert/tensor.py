"""Tensors and partitions. Under the interpreter a tensor's storage is a host numpy array."""

from __future__ import annotations

import math
import operator
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import numpy as np

from tilert import ownership
from tilert._capture import refuse_in_capture
from tilert._where import user_callsite
from tilert.dtypes import DType, as_dtype, f32, from_numpy_dtype
from tilert.errors import BorrowError

if TYPE_CHECKING:
    from tilert.cutile.device import DeviceStorage

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

    # slots: a launch reads several of these, in Python or in C (tilert/_fast.c)
    __slots__ = (
        "__weakref__",
        "_array",
        "_borrows",
        "_device",
        "_dtype",
        "_exclusive",
        "_launch_view",
        "_meta",
        "_shape",
        "_writer",
        "created_at",
        "name",
    )

    def __init__(self, array: np.ndarray[Any, Any], *, name: str | None = None) -> None:
        # (np.ascontiguousarray would make a 0-d array 1-d)
        self._array: np.ndarray[Any, Any] = np.asarray(array, order="C")
        self._dtype: type[DType] = from_numpy_dtype(self._array.dtype)
        self._borrows: dict[ownership.Holder, ownership.Borrow] = {}  # see ownership.Named
        self._exclusive = 0
        self.name = name
        self.created_at = user_callsite()
        self._device: DeviceStorage | None = None  # set only for GPU tensors (cutile backend)
        self._meta: np.ndarray[Any, Any] = self._array  # shape/dtype source of GPU tensors
        self._shape: tuple[int, ...] = self._array.shape  # read on every launch: kept as is
        # cutile backend: the (stream, sequence number) of the last launch that wrote it, so an
        # op on another stream can wait for that launch (see tilert.streams)
        self._writer: tuple[Any, int] | None = None
        self._launch_view: Any = None  # cutile backend: what ct.launch receives (made once)

    @classmethod
    def _on_device(
        cls, host: np.ndarray[Any, Any], *, name: str | None = None, upload: bool = True
    ) -> Tensor[Any]:
        """A GPU tensor (cutile backend) with ``host``'s shape and dtype, its data copied in.
        Its ``_array`` is a zero-size stand-in; the metadata comes from ``_meta``."""
        from tilert.cutile.device import DeviceStorage

        host = np.asarray(host, order="C")  # (keeps a 0-d array 0-d)
        t: Tensor[Any] = cls(np.empty((0,), dtype=host.dtype), name=name)
        t._meta = (
            np.lib.stride_tricks.as_strided(
                np.empty((1,), dtype=host.dtype),
                shape=host.shape,
                strides=host.strides,
                writeable=False,
            )
            if host.size
            else host
        )
        t._shape = host.shape
        t._device = DeviceStorage(host.nbytes)
        if upload:
            t._device.upload(host)
        return t

    def _shape_source(self) -> np.ndarray[Any, Any]:
        """The array whose shape, strides and itemsize are this tensor's (never read)."""
        return self._array if self._device is None else self._meta

    # -- metadata (always readable) ---------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        return self._shape

    @property
    def dtype(self) -> type[DType]:
        return self._dtype

    @property
    def strides(self) -> tuple[int, ...]:
        """Strides in elements (as torch and cuTile count them), not bytes."""
        src = self._shape_source()
        return tuple(s // src.itemsize for s in src.strides)

    @property
    def ndim(self) -> int:
        return self._shape_source().ndim

    @property
    def size(self) -> int:
        return int(self._shape_source().size)

    @property
    def nbytes(self) -> int:
        return int(self._shape_source().nbytes)

    @property
    def device(self) -> str:
        return "cpu" if self._device is None else "cuda:0"

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
        if self._device is not None:
            host: np.ndarray[Any, Any] = np.empty(self.shape, dtype=self._meta.dtype)
            self._device.download(host)
            return host
        out: np.ndarray[Any, Any] = self._array.copy()
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
            if self._device is not None and source._device is not None:
                if source.shape != self.shape or source.dtype is not self.dtype:
                    raise ValueError(
                        f"copy_from: {source.describe()} does not match {self.describe()}"
                    )
                self._device.copy_from_device(source._device)
                return self
            data = source._array if source._device is None else source.to_numpy()
        else:
            data = source
        if tuple(data.shape) != self.shape:
            raise ValueError(f"copy_from: shape {tuple(data.shape)} does not match {self.shape}")
        if self._device is not None:
            self._device.upload(data.astype(self._meta.dtype, copy=False))
            return self
        self._array[...] = data.astype(self._array.dtype, copy=False)
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
        from tilert.interop import export_dlpack

        return export_dlpack(
            self, stream=stream, max_version=max_version, dl_device=dl_device, copy=copy
        )

    def __dlpack_device__(self) -> tuple[int, int]:
        return (1, 0) if self._device is None else (2, 0)  # kDLCPU / kDLCUDA

    @property
    def __cuda_array_interface__(self) -> dict[str, Any]:
        """v3 interface of a GPU tensor (refused while an op writes it)."""
        if self._device is None:
            raise AttributeError("a host tensor has no __cuda_array_interface__")
        from tilert.cutile.device import array_interface
        from tilert.interop import remember

        ownership.check_host_write(self, "export (__cuda_array_interface__)")
        remember(self)  # its memory can come back through tr.from_dlpack: as this tensor
        return array_interface(self._device, self.shape, self._meta.dtype)


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
    refuse_in_capture("allocate a tensor")
    from tilert import backends

    if backends.current().name == "cutile":
        return Tensor._on_device(array, name=name)
    return Tensor(array, name=name)


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


def from_dlpack(obj: Any, *, name: str | None = None) -> Tensor[Any]:
    """A tensor sharing the memory of a DLPack producer. Host memory (numpy, torch on the CPU)
    is shared under the interpreter (copied if not C-contiguous or read-only) and uploaded under
    cutile; CUDA memory (torch, cupy; numba through ``__cuda_array_interface__``) is shared
    under cutile and must be C-contiguous. Memory a live tilert tensor already uses gives that
    tensor (exactly the same memory) or a ValueError (overlapping it otherwise): one memory, one
    borrow table. See ``tilert.interop``."""
    if isinstance(obj, Tensor):
        return obj
    from tilert.interop import import_tensor

    return import_tensor(obj, name)
