"""Sharing tensors with other frameworks: ``Tensor.__dlpack__`` and ``tr.from_dlpack`` (the
policy; the DLPack ABI is in ``tilert.dlpack``).

Streams. A tensor can be exported only while no op uses it, and an op releases its borrows only
once its device work is complete (``sync``, ``wait``, ``await`` and ``Graph.close`` synchronize),
so no tilert work on an exported tensor is ever pending: any consumer stream may use it at once,
and ``__dlpack__(stream=...)`` needs no event. The other way round, ``tr.from_dlpack`` asks a
CUDA producer to order its pending work before tilert's copy stream and waits for that stream,
so the producer's writes are complete when the tensor is returned. Writes a consumer makes
through an exported tensor are that framework's work: synchronize it before a tilert op reads
the tensor.

Layout. tilert tensors are dense and C-contiguous. A non-contiguous host producer is copied (as
``np.ascontiguousarray`` would); a non-contiguous CUDA producer is refused, naming its strides:
a silent copy would break the sharing ``from_dlpack`` promises (a kernel's writes would not
reach the producer), and there is no strided device copy without a kernel. A read-only CUDA
producer (a DLPack 1.0 read-only flag) is copied on the device, and a read-only host producer
on the host, since kernels may write.

Aliases. The borrow checker sees tensors, not memory, so two tilert tensors over one memory
would escape it. Memory a tilert tensor uses and that other frameworks can reach (memory it
exported, or a producer's memory it shares) is remembered, weakly, by address: importing exactly
that memory again (same address, shape and dtype) returns that tensor, so the borrows stay in
one table; importing memory that overlaps it otherwise is a ValueError naming the tensor. An
import that copies (non-contiguous or read-only producers, host memory under cutile) aliases
nothing; it reads the memory at once, so it is refused while an op writes a tensor there."""

from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from tilert import dlpack, ownership
from tilert._capture import refuse_in_capture
from tilert.dtypes import from_numpy_dtype
from tilert.tensor import Tensor, _new

# -- aliases: memory a tilert tensor uses that other frameworks can reach ---------------------
# (on a GPU, address of the first byte) -> (the tensor, weakly; the address past its last byte)
_Key = tuple[bool, int]
_live: dict[_Key, tuple[weakref.ref[Tensor[Any]], int]] = {}
_live_lock = threading.RLock()
_prune_at = 64  # prune dead entries when the table grows past this (amortized)


def _memory(t: Tensor[Any]) -> tuple[_Key, int] | None:
    """``t``'s memory as (key, end address), None when it has none (zero-size)."""
    if not t.nbytes:
        return None
    if t._device is not None:
        return (True, t._device.ptr), t._device.ptr + t.nbytes
    return (False, int(t._array.ctypes.data)), int(t._array.ctypes.data) + t.nbytes


def _add(key: _Key, t: Tensor[Any], end: int) -> None:
    """Remember ``t`` over ``[key[1], end)``. The caller holds ``_live_lock``."""
    global _prune_at
    _live[key] = (weakref.ref(t), end)
    if len(_live) > _prune_at:  # forget collected tensors (their memory may be reused)
        for k, (ref, _) in list(_live.items()):
            if ref() is None:
                del _live[k]
        _prune_at = max(64, 2 * len(_live))


def remember(t: Tensor[Any]) -> None:
    """Note that other frameworks can reach ``t``'s memory (it is being exported)."""
    found = _memory(t)
    if found is None:
        return
    key, end = found
    with _live_lock:
        entry = _live.get(key)
        if entry is None or entry[0]() is not t:
            _add(key, t, end)


def _made_where(t: Tensor[Any]) -> str:
    return t.describe() if not t.name else f"{t.describe()}, created at {t.created_at}"


def _overlapping(on_gpu: bool, start: int, end: int) -> list[tuple[int, Tensor[Any]]]:
    """The live remembered tensors whose memory meets ``[start, end)``, with their addresses.
    The caller holds ``_live_lock``."""
    out: list[tuple[int, Tensor[Any]]] = []
    for (gpu, begin), (ref, stop) in list(_live.items()):
        if gpu == on_gpu and begin < end and start < stop:
            t = ref()
            if t is not None:
                out.append((begin, t))
    return out


def _shared_import(
    on_gpu: bool,
    data: int,
    shape: tuple[int, ...],
    dtype: np.dtype[Any],
    what: str,
    make: Callable[[], Tensor[Any]],
) -> Tensor[Any]:
    """The tensor over the C-contiguous memory at ``data``: the live tilert tensor already over
    exactly that memory, else a new one (``make()``), remembered; a ValueError when the memory
    overlaps a live tensor's otherwise (two tensors over one memory escape the borrow checker)."""
    nbytes = math.prod(shape) * dtype.itemsize
    if not nbytes:
        return make()
    with _live_lock:
        clashes = _overlapping(on_gpu, data, data + nbytes)
        for begin, t in clashes:
            if begin == data and t.shape == shape and t._shape_source().dtype == dtype:
                return t  # the same memory, seen the same way: the same tensor
        if clashes:
            t = clashes[0][1]
            raise ValueError(
                f"tr.from_dlpack: the {what} (shape {shape}, dtype {dtype}) overlaps the memory "
                f"of {_made_where(t)} without being exactly that tensor; tilert cannot check "
                "two tensors over one memory: import the memory once and use that tensor"
            )
        t = make()
        _add((on_gpu, data), t, data + nbytes)
        return t


def _check_copy_source(
    on_gpu: bool, data: int, shape: Sequence[int], strides: Sequence[int], itemsize: int
) -> None:
    """An import that copies reads the memory at once: refused (BorrowError) while an op writes
    a tilert tensor over it, as ``to_numpy`` is."""
    if not math.prod(shape):
        return
    low = sum((d - 1) * s for d, s in zip(shape, strides, strict=True) if s < 0)
    high = sum((d - 1) * s for d, s in zip(shape, strides, strict=True) if s > 0)
    with _live_lock:
        clashes = _overlapping(on_gpu, data + low * itemsize, data + (high + 1) * itemsize)
    for _, t in clashes:
        ownership.check_host_read(t, "copy (tr.from_dlpack of a view of its memory)")


# -- export -----------------------------------------------------------------------------------
def _check_stream(stream: Any, device_type: int) -> None:
    if stream is None:
        return
    if device_type != dlpack.KDL_CUDA:
        raise BufferError(f"__dlpack__: stream must be None for a host export, got {stream!r}")
    if not isinstance(stream, int) or isinstance(stream, bool):
        raise TypeError(f"__dlpack__: stream must be None or a CUDA stream int, got {stream!r}")
    if stream < -1:
        raise BufferError(f"__dlpack__: stream must be >= -1, got {stream}")


def export_dlpack(
    tensor: Tensor[Any],
    *,
    stream: Any = None,
    max_version: tuple[int, int] | None = None,
    dl_device: tuple[int, int] | None = None,
    copy: bool | None = None,
) -> Any:
    """The capsule of ``Tensor.__dlpack__`` (the array API protocol). The memory is shared
    unless ``copy=True`` or ``dl_device`` asks for the host (a GPU tensor is then copied
    there; ``copy=False`` refuses that). The caller has checked the tensor is free."""
    own = tensor.__dlpack_device__()
    if tensor._device is not None:
        from tilert.cutile.device import device_id

        own = (dlpack.KDL_CUDA, device_id())
    target = own if dl_device is None else (int(dl_device[0]), int(dl_device[1]))
    _check_stream(stream, target[0])
    versioned = max_version is not None and int(max_version[0]) >= dlpack.DLPACK_VERSION[0]
    dtype = tensor._shape_source().dtype
    if target == own:
        if tensor._device is None:
            array = tensor._array.copy() if copy else tensor._array
            if not copy:
                remember(tensor)
            return dlpack.make_capsule(
                array.ctypes.data,
                tensor.shape,
                dtype,
                own,
                array,
                versioned=versioned,
                copied=bool(copy),
                readonly=not array.flags.writeable,
            )
        storage = tensor._device
        if not copy:
            remember(tensor)
        if copy:
            from tilert.cutile.device import DeviceStorage

            storage = DeviceStorage(tensor.nbytes)
            storage.copy_from_device(tensor._device)
        return dlpack.make_capsule(
            storage.ptr, tensor.shape, dtype, own, storage, versioned=versioned, copied=bool(copy)
        )
    if target[0] == dlpack.KDL_CPU and tensor._device is not None:
        if copy is False:
            raise BufferError(
                f"__dlpack__: {tensor.describe()} is on the GPU; a host export needs a copy "
                "(copy=False was given)"
            )
        host = tensor.to_numpy()
        return dlpack.make_capsule(
            host.ctypes.data, tensor.shape, dtype, target, host, versioned=versioned, copied=True
        )
    raise BufferError(
        f"__dlpack__: cannot export {tensor.describe()} (on DLPack device {own}) to DLPack "
        f"device {target}"
    )


# -- import -----------------------------------------------------------------------------------
def _request_capsule(obj: Any, stream: int | None) -> Any:
    """``obj.__dlpack__`` asking for a versioned capsule, as a producer from before DLPack 1.0
    (numpy < 2.1) accepts it."""
    try:
        return obj.__dlpack__(stream=stream, max_version=dlpack.DLPACK_VERSION)
    except TypeError:
        return obj.__dlpack__(stream=stream)


def _what(obj: Any) -> str:
    kind = type(obj)
    return f"{kind.__module__}.{kind.__qualname__}"


def _require_cutile(obj: Any, device: str) -> None:
    from tilert import backends

    backend = backends.current().name
    if backend != "cutile":
        raise TypeError(
            f"tr.from_dlpack: the {_what(obj)} is on {device}, but the {backend} backend keeps "
            "tensors on the host: set TILERT_BACKEND=cutile to share its memory, or copy it to "
            "the host first (torch: t.cpu(), cupy: a.get())"
        )


def _device_tensor(
    ptr: int,
    shape: tuple[int, ...],
    strides: Sequence[int],
    dtype: np.dtype[Any],
    readonly: bool,
    keepalive: object,
    name: str | None,
    what: str,
) -> Tensor[Any]:
    """A GPU tensor over foreign device memory (shared; copied on the device if read-only).
    Built as ``Tensor._on_device`` builds one, with a storage that does not own the memory.
    Memory a live tilert tensor uses gives that tensor (see Aliases above)."""
    from tilert.cutile.device import DeviceStorage, ForeignStorage

    from_numpy_dtype(dtype)  # TypeError naming a dtype tilert has not
    if not dlpack.is_c_contiguous(shape, strides):
        raise BufferError(
            f"tr.from_dlpack: tilert tensors are C-contiguous, but the {what} of shape {shape} "
            f"has strides {tuple(strides)} (in elements); make it contiguous first (torch: "
            ".contiguous(), cupy: cupy.ascontiguousarray)"
        )
    nbytes = math.prod(shape) * dtype.itemsize

    def make() -> Tensor[Any]:
        storage: DeviceStorage = ForeignStorage(ptr, nbytes, keepalive)
        if readonly:
            storage = DeviceStorage(nbytes)
            storage.copy_from_device(ForeignStorage(ptr, nbytes, keepalive))
        return _device_tensor_over(storage, shape, dtype, nbytes, name)

    if readonly:
        _check_copy_source(True, ptr, shape, strides, dtype.itemsize)
        return make()
    return _shared_import(True, ptr, shape, dtype, what, make)


def _device_tensor_over(
    storage: Any, shape: tuple[int, ...], dtype: np.dtype[Any], nbytes: int, name: str | None
) -> Tensor[Any]:
    t: Tensor[Any] = Tensor(np.empty((0,), dtype=dtype), name=name)
    t._meta = (
        np.lib.stride_tricks.as_strided(
            np.empty((1,), dtype=dtype),
            shape=shape,
            strides=tuple(s * dtype.itemsize for s in dlpack.c_strides(shape)),
            writeable=False,
        )
        if nbytes
        else np.empty(shape, dtype=dtype)
    )
    t._shape = shape
    t._device = storage
    return t


def _from_cuda_dlpack(obj: Any, device: int, name: str | None) -> Tensor[Any]:
    _require_cutile(obj, f"CUDA device {device}")
    from tilert.cutile import device as cuda

    if device != cuda.device_id():
        raise BufferError(
            f"tr.from_dlpack: the {_what(obj)} is on CUDA device {device}, tilert's tensors on "
            f"device {cuda.device_id()}; move it there first"
        )
    capsule = _request_capsule(obj, cuda.copy_stream_handle())
    cuda.sync_copy_stream()  # the producer's pending writes are done
    imported = dlpack.parse_capsule(capsule)
    if imported.device != (dlpack.KDL_CUDA, device):
        raise BufferError(
            f"tr.from_dlpack: the {_what(obj)} said it is on CUDA device {device} but its "
            f"capsule is on DLPack device {imported.device}"
        )
    return _device_tensor(
        imported.data,
        imported.shape,
        imported.strides,
        imported.dtype,
        imported.readonly,
        imported.owner,
        name,
        _what(obj),
    )


def _from_cuda_array_interface(obj: Any, name: str | None) -> Tensor[Any]:
    _require_cutile(obj, "a CUDA device (__cuda_array_interface__)")
    from tilert.cutile import device as cuda

    cai = obj.__cuda_array_interface__
    if cai.get("mask") is not None:
        raise BufferError(
            "tr.from_dlpack: masked __cuda_array_interface__ arrays are not supported"
        )
    shape = tuple(int(d) for d in cai["shape"])
    dtype = np.dtype(cai["typestr"])
    ptr, readonly = cai["data"]
    byte_strides = cai.get("strides")
    if byte_strides is None:
        strides: Sequence[int] = dlpack.c_strides(shape)
    elif any(s % dtype.itemsize for s in byte_strides):
        raise BufferError(f"tr.from_dlpack: byte strides {tuple(byte_strides)} of a {dtype} array")
    else:
        strides = tuple(int(s) // dtype.itemsize for s in byte_strides)
    stream = cai.get("stream")
    if stream is not None:  # (v3) the producer's writes are ordered on this stream
        cuda.synchronize_stream(int(stream))
    return _device_tensor(
        int(ptr or 0), shape, strides, dtype, bool(readonly), obj, name, _what(obj)
    )


def import_tensor(obj: Any, name: str | None = None) -> Tensor[Any]:
    """``tr.from_dlpack`` of anything but a tilert tensor: a host producer (numpy, torch on the
    CPU) as before (shared under the interpreter, uploaded under cutile, copied when not
    C-contiguous or read-only); a CUDA producer (torch, cupy: DLPack; numba:
    ``__cuda_array_interface__``) shared under the cutile backend, a TypeError under the
    interpreter. Memory a live tilert tensor uses gives that tensor (see Aliases above)."""
    refuse_in_capture("import a tensor (tr.from_dlpack)")
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        device_type, device = (int(v) for v in obj.__dlpack_device__())
        if device_type == dlpack.KDL_CUDA:
            return _from_cuda_dlpack(obj, device, name)
        if device_type not in dlpack.HOST_ACCESSIBLE:
            raise BufferError(
                f"tr.from_dlpack: DLPack device type {device_type} of the {_what(obj)} is not "
                "supported (host memory and CUDA are)"
            )
        imported = dlpack.parse_capsule(_request_capsule(obj, None))
        array = dlpack.host_array(imported)
        from tilert import backends

        uploaded = backends.current().name == "cutile"
        if uploaded or imported.readonly or not imported.c_contiguous:  # a copy: kernels may write
            _check_copy_source(
                False, imported.data, imported.shape, imported.strides, array.itemsize
            )
            return _new(array if uploaded else np.array(array, order="C"), name)
        return _shared_import(
            False,
            imported.data,
            imported.shape,
            imported.dtype,
            _what(obj),
            lambda: _new(array, name),
        )
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_cuda_array_interface(obj, name)
    raise TypeError(
        f"tr.from_dlpack needs an object with __dlpack__ and __dlpack_device__ (or "
        f"__cuda_array_interface__), got a {_what(obj)}; use tr.from_numpy for other arrays"
    )
