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
producer (a DLPack 1.0 read-only flag) is copied on the device, since kernels may write."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert import dlpack
from tilert._capture import refuse_in_capture
from tilert.dtypes import from_numpy_dtype
from tilert.tensor import Tensor, _new


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
    Built as ``Tensor._on_device`` builds one, with a storage that does not own the memory."""
    from tilert.cutile.device import DeviceStorage, ForeignStorage

    from_numpy_dtype(dtype)  # TypeError naming a dtype tilert has not
    if not dlpack.is_c_contiguous(shape, strides):
        raise BufferError(
            f"tr.from_dlpack: tilert tensors are C-contiguous, but the {what} of shape {shape} "
            f"has strides {tuple(strides)} (in elements); make it contiguous first (torch: "
            ".contiguous(), cupy: cupy.ascontiguousarray)"
        )
    nbytes = int(np.prod(shape, dtype=np.int64)) * dtype.itemsize
    storage: DeviceStorage = ForeignStorage(ptr, nbytes, keepalive)
    if readonly:
        storage = DeviceStorage(nbytes)
        storage.copy_from_device(ForeignStorage(ptr, nbytes, keepalive))
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
    C-contiguous); a CUDA producer (torch, cupy: DLPack; numba: ``__cuda_array_interface__``)
    shared under the cutile backend, a TypeError under the interpreter."""
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
        return _new(dlpack.host_array(imported), name)
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_cuda_array_interface(obj, name)
    raise TypeError(
        f"tr.from_dlpack needs an object with __dlpack__ and __dlpack_device__ (or "
        f"__cuda_array_interface__), got a {_what(obj)}; use tr.from_numpy for other arrays"
    )
