"""Tensors and partitions. Under the interpreter a tensor's storage is a host numpy array."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import numpy as np

from tilert import backends
from tilert._core import layout, ownership
from tilert._core.capture import refuse_in_capture
from tilert._core.regions import Region
from tilert._core.storage import HostStorage, Storage, read_region, write_region
from tilert._core.values import ShapeLike, fitting
from tilert._core.values import as_count as _count
from tilert._core.values import as_numbers as _numbers
from tilert._core.values import as_shape as _shape
from tilert._core.where import user_callsite
from tilert._dlpack import abi, aliases, export
from tilert.cuda.memory import array_interface
from tilert.dtypes import DType, as_dtype, f32, from_numpy_dtype
from tilert.errors import BorrowError

DT = TypeVar("DT", bound=DType)
MAX_PARTITION_RANK = 3


# What runs a conversion kernel, ``_converter(dst, src)`` synced (tilert/_convert.py, above
# this layer, sets it when tilert is imported): ``astype``, ``contiguous``, strided GPU copies.
_converter: Callable[[Tensor[Any], Tensor[Any]], None] | None = None


class Tensor(Generic[DT]):
    """A tensor with run-time ownership: made dense over its storage, or a view of another's
    (``t[i]``, ``reshape``, ``transpose``, ``view``) that borrows along with it.

    Metadata is always readable; the data is read on the host (``to_numpy``) only when no op
    writes it, and written (``copy_from``, ``partition``) only when nothing borrows it. For a
    view, "it" is every tensor over memory that overlaps its own (docs/decisions.md, "Views")."""

    # slots: a launch reads several of these, in Python or in C (tilert/_fast_src)
    __slots__ = (
        "__weakref__",
        "_borrows",
        "_dtype",
        "_exclusive",
        "_family",
        "_launch_view",
        "_np_dtype",
        "_owner",
        "_readers",
        "_shape",
        "_storage",
        "_view",
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
        # the common launch's inline borrows, outside the table (see ownership.Named)
        self._owner: ownership.PartitionHolder | None = None
        self._readers = 0
        self.name = name
        self.created_at = user_callsite()
        # the (stream, launch number) of the last launch that wrote it, so an op on another
        # stream can wait for that launch (see tilert.streams)
        self._writer: tuple[Any, int] | None = None
        self._launch_view: Any = None  # what a GPU launch receives (made once, by the backend)
        # a view's (base, region in the storage, how it was made: "[0]"); None if made dense.
        # Its family (ownership.Family), set once it has views or is one: the C launch path
        # leaves every member to the Python, which checks borrows by region.
        self._view: tuple[Tensor[Any], Region, str] | None = None
        self._family: ownership.Family | None = None

    @property
    def _host_array(self) -> np.ndarray[Any, Any]:
        """The host array the interpreter runs kernels on (a GPU tensor has none); a view's is
        a numpy view of its base's."""
        storage = self._storage
        if not isinstance(storage, HostStorage):
            raise RuntimeError(
                f"{self.describe()} lives on the GPU: it has no host array (use to_numpy())"
            )
        if self._view is None:
            return storage.array
        region = self._view[1]
        if not region.size:
            return np.empty(self._shape, dtype=self._np_dtype)
        view: np.ndarray[Any, Any] = np.ndarray(
            self._shape,
            dtype=self._np_dtype,
            buffer=storage.array.reshape(-1).view(np.uint8),
            offset=region.offset,
            strides=region.strides,
        )
        return view

    def _region(self) -> Region:
        """The bytes of its storage it covers."""
        return self._view[1] if self._view is not None else self._whole()

    def _whole(self) -> Region:
        return Region.whole(self._shape, self._np_dtype.itemsize)

    def _device_pointer(self, dense: bool = False) -> int:
        """The device address of its first element; with ``dense``, refused for a view that is
        not contiguous (what a pointer alone cannot describe)."""
        storage = self._device_storage()
        if self._view is None:
            return storage.ptr
        if dense and not self.is_contiguous():
            raise ValueError(
                f"{self.describe()} is not contiguous (strides {self.strides}): a CUDA C++ kernel "
                "gets a pointer to its first element and no strides; pass t.contiguous()"
            )
        return storage.ptr + self._view[1].offset

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
        """Strides in elements (as torch and cuTile count them), not bytes."""
        if self._view is None:
            return abi.c_strides(self._shape)
        return tuple(s // self._np_dtype.itemsize for s in self._view[1].strides)

    @property
    def base(self) -> Tensor[Any] | None:
        """The tensor this is a view of (the one made over the memory), or None."""
        return self._view[0] if self._view is not None else None

    def is_contiguous(self) -> bool:
        """Whether its elements lie row-major, back to back (a dense tensor's always do)."""
        return self._view is None or self._view[1].is_contiguous()

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
        if self._view is not None:
            base, _, path = self._view
            if base.name:
                return f"tensor `{base.name}{path}` ({self.dtype}[{dims}])"
            return f"view {path} ({self.dtype}[{dims}]) of {base.describe()}"
        if self.name:
            return f"tensor `{self.name}` ({self.dtype}[{dims}])"
        return f"tensor {self.dtype}[{dims}] (created at {self.created_at})"

    def __repr__(self) -> str:
        return f"Tensor(shape={self.shape}, dtype={self.dtype}, device={self.device!r})"

    # -- data access (borrow-checked) -------------------------------------------------------
    def to_numpy(self) -> np.ndarray[Any, Any]:
        """A host copy of the data; refused while an op writes the tensor."""
        ownership.check_host_read(self, "read")
        if self._view is not None:
            return read_region(self._storage, self._view[1], self._np_dtype)
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
            # (memory that overlaps this tensor's goes through the host: a device copy or a
            # launch may not read what it writes)
            apart = source is not self and not ownership.overlap(self, source)
            if self._storage.on_device and source._storage.on_device and apart:
                if source.shape != self.shape or source.dtype is not self.dtype:
                    raise ValueError(
                        f"copy_from: {source.describe()} does not match {self.describe()}"
                    )
                if self._view is None and source._view is None:
                    self._storage.copy_from(source._storage)
                elif self.is_contiguous() and source.is_contiguous() and self.nbytes:
                    at, start = self._region().offset, source._region().offset
                    self._storage.copy_from(source._storage, at, start, self.nbytes)
                elif self.size:
                    self._converted(source)
                return self
            data = source._host_array if not source._storage.on_device else source.to_numpy()
        else:
            data = source
        if tuple(data.shape) != self.shape:
            raise ValueError(f"copy_from: shape {tuple(data.shape)} does not match {self.shape}")
        _check_lossless_kind(np.dtype(data.dtype), self)
        if self._view is None:
            self._storage.write(data.astype(self._np_dtype, copy=False))
        elif not write_region(self._storage, self._view[1], data.astype(self._np_dtype)):
            self._converted(from_numpy(data.astype(self._np_dtype)))  # (a strided GPU view)
        return self

    def _converted(self, source: Tensor[Any]) -> None:
        """Write ``source`` into this tensor's elements with the conversion kernel (synced)."""
        if _converter is None:  # (set when tilert is imported)
            raise RuntimeError("tilert's conversion kernel is not installed: import tilert")
        _converter(self, source)

    def partition(self, tile_shape: ShapeLike) -> Partition[DT]:
        """Borrow this tensor exclusively, split into disjoint tiles of ``tile_shape``."""
        return Partition(self, tile_shape)

    # -- views (metadata only: they borrow along with their base) ---------------------------
    def _viewed(self, region: Region, path: str, dtype: np.dtype[Any] | None = None) -> Tensor[Any]:
        """A view of this tensor's memory covering ``region``, described by ``path``."""
        base, made = (self._view[0], self._view[2]) if self._view is not None else (self, "")
        view: Tensor[Any] = Tensor(self._storage, region.shape, dtype or self._np_dtype)
        view._view = (base, region, made + path)
        view.created_at = base.created_at
        ownership.join(base, base._region(), view, region)
        base._launch_view = None  # (a family's launches are made by the Python: see _view)
        return view

    def __getitem__(self, key: Any) -> Tensor[DT]:
        """A view, as numpy's basic indexing: ints, slices with a positive step, None, ``...``."""
        region, path = layout.index(self._region(), key)
        return self._viewed(region, path)

    def reshape(self, *shape: Any) -> Tensor[DT]:
        """A view with ``shape`` (one dimension may be -1); a ValueError when the strides
        cannot express it without a copy: ``t.contiguous().reshape(...)`` then."""
        dims = layout.new_shape(self._region(), shape)
        region = layout.reshape(self._region(), dims)
        if region is None:
            raise ValueError(
                f"cannot reshape {self.describe()} (strides {self.strides}) to {dims} without "
                "copying: call .contiguous() first (a copy: writes to it do not reach this one)"
            )
        return self._viewed(region, f".reshape{dims}")

    def permute(self, *dims: Any) -> Tensor[DT]:
        """A view with the axes in the order ``dims``."""
        order = tuple(dims[0]) if len(dims) == 1 and isinstance(dims[0], (tuple, list)) else dims
        return self._viewed(layout.permute(self._region(), order), f".permute{tuple(order)}")

    def transpose(self, a: int = -2, b: int = -1) -> Tensor[DT]:
        """A view with axes ``a`` and ``b`` swapped (the last two by default)."""
        order = list(range(self.ndim))
        try:
            order[a], order[b] = order[b], order[a]
        except (IndexError, TypeError):
            raise ValueError(
                f"transpose({a}, {b}): {self.describe()} has {self.ndim} axes"
            ) from None
        return self._viewed(layout.permute(self._region(), order), f".transpose({a}, {b})")

    @property
    def T(self) -> Tensor[DT]:
        """A view with the axes reversed (numpy's ``.T``)."""
        order = tuple(reversed(range(self.ndim)))
        return self._viewed(layout.permute(self._region(), order), ".T")

    def view(self, dtype: Any) -> Tensor[Any]:
        """The same memory read as ``dtype``: the same shape for the same element size, else the
        last axis rescaled (it must be contiguous), as torch's ``view(dtype)``."""
        dt = as_dtype(dtype)
        np_dtype = np.dtype(dt.np_dtype)
        region = layout.retype(self._region(), np_dtype.itemsize)
        if isinstance(region, str):
            raise ValueError(f"cannot view {self.describe()} as {dt}: {region}")
        return self._viewed(region, f".view({dt})", np_dtype)

    def astype(self, dtype: Any, *, name: str | None = None) -> Tensor[Any]:
        """A new tensor of ``dtype`` holding these values, converted by a kernel as a kernel's
        store converts them (floats to integers toward zero, saturating), on the current
        stream and synced; refused while an op writes this tensor."""
        ownership.check_host_read(self, "convert")  # (before allocating: the launch checks too)
        out = empty(self._shape, as_dtype(dtype), name=name)
        if self.size:
            out._converted(self)
        return out

    def contiguous(self) -> Tensor[DT]:
        """This tensor if its elements lie row-major back to back, else a dense copy of it
        (``astype`` to its own dtype)."""
        return self if self.is_contiguous() else self.astype(self._dtype)

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
        strides = None if self.is_contiguous() else self._region().strides
        return array_interface(self._device_pointer(), self.shape, self._np_dtype, strides)


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
    # (a loop, not all() of a generator: every Python launch's partition asks)
    plain = type(tile_shape) is int
    if not plain and type(tile_shape) is tuple:
        plain = True
        for d in tile_shape:
            if type(d) is not int:
                plain = False
                break
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

    __slots__ = (
        "_consumer",
        "_holder",
        "_made_at",
        "consumed_at",
        "grid",
        "mapping",
        "tensor",
        "tile_shape",
    )

    def __init__(self, tensor: Tensor[DT], tile_shape: ShapeLike) -> None:
        self.tile_shape, self.grid = _tiling(tensor._shape, tile_shape)
        self.tensor = tensor
        self.mapping: Mapping | None = None
        self.consumed_at: str | None = None  # where the launch that consumed it was made
        # the holder of the launch that consumed it: its own holder, where the launch took it
        # over (ownership.take_over), whose ``where`` is then the launch's, not ``_made_at``
        self._consumer: ownership.Holder | None = None
        self._made_at = where = user_callsite()
        self._holder = holder = ownership.PartitionHolder(tensor, where, ownership.handoff_group())
        with ownership.LOCK:
            if (
                holder.group is None
                and not tensor._borrows
                and not tensor._exclusive
                and not tensor._readers
                and tensor._family is None
            ):  # nothing to check: the borrow is inline (ownership.PartitionHolder)
                tensor._owner = holder
                tensor._exclusive = 1
            else:
                ownership.take(tensor, holder, True, "partitioned", where)

    def _borrow_by(self, op: ownership.Holder, what: str, where: str) -> None:
        """Consumed by a launch: its exclusive borrow now reads as the op's, and is released
        with the op's (the op keeps this partition's holder among its own)."""
        self.consumed_at = where
        self._consumer = op
        holder = self._holder
        if self.tensor._owner is holder:
            if op is holder:  # inline, taken over: what a table would say of it, if asked
                holder.writing = what
                return
            with ownership.LOCK:
                ownership.to_tables(self.tensor)
        borrows = self.tensor._borrows
        if holder in borrows:  # (unless tr.unsafe.force_release dropped it)
            borrows[holder] = (True, what, where)

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


# the tensors a launch's holder reads inline, among its values (ownership.read_inline)
ownership.READ_TYPE = Tensor


# -- creation ---------------------------------------------------------------------------------
def _check_lossless_kind(source: np.dtype[Any], target: Tensor[Any]) -> None:
    """A copy may round (f32 into f16) but not change what a number means: floats into an
    integer or bool_ tensor would truncate silently, so they are refused (``astype`` says it)."""
    try:
        kind = from_numpy_dtype(source).kind  # (bf16 and the 8-bit floats are numpy kind V)
    except TypeError:
        kind = source.kind
    if kind == "f" and target.dtype.kind in "iub":
        raise TypeError(
            f"copy_from: float data into {target.describe()} would truncate; convert it first "
            "(np.trunc/np.round and .astype, or Tensor.astype)"
        )


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


def full(shape: ShapeLike, value: Any, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    dt = as_dtype(dtype)
    return _new(np.full(_shape(shape), fitting(value, dt), dtype=dt.np_dtype), name)


def arange(n: int, dtype: Any = f32, *, name: str | None = None) -> Tensor[Any]:
    """``0, 1, ..., n-1``; every value must fit ``dtype`` (OverflowError otherwise)."""
    dt = as_dtype(dtype)
    count = _count(n, "arange(n): n")
    if count > 1:
        np_dtype = np.dtype(dt.np_dtype)
        if np_dtype.kind == "f" and count - 1 > float(np.finfo(np_dtype.str).max):
            raise OverflowError(f"arange({count}): value {count - 1} does not fit {dt}")
        try:
            fitting(count - 1, dt)
        except OverflowError as exc:
            raise OverflowError(f"arange({count}): {exc}") from None
    return _new(np.arange(count).astype(dt.np_dtype), name)


def from_numpy(array: np.ndarray[Any, Any], *, name: str | None = None) -> Tensor[Any]:
    """A tensor holding a copy of ``array`` (its dtype must be one of tilert's)."""
    from_numpy_dtype(np.asarray(array).dtype)
    return _new(np.array(array, copy=True, order="C"), name)
