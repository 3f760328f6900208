"""Import: ``tr.from_dlpack``. It asks a CUDA producer to order its pending work before
tilert's copy stream and waits for that stream, so the producer's writes are complete when the
tensor is returned.

Layout. tilert tensors are dense and C-contiguous. A non-contiguous host producer is copied (as
``np.ascontiguousarray`` would); a non-contiguous CUDA producer is refused, naming its strides:
a silent copy would break the sharing ``from_dlpack`` promises (a kernel's writes would not
reach the producer), and there is no strided device copy without a kernel. A read-only CUDA
producer (a DLPack 1.0 read-only flag) is copied on the device, and a read-only host producer
on the host, since kernels may write. Memory a live tilert tensor already uses gives that
tensor (see ``tilert._dlpack.aliases``)."""

from __future__ import annotations

import math
import operator
import reprlib
from collections.abc import Sequence
from typing import Any

import numpy as np

from tilert import backends, streams
from tilert._core.capture import refuse_in_capture
from tilert._dlpack import abi as dlpack
from tilert._dlpack.aliases import check_copy_source, shared_import
from tilert.cuda import context, memory
from tilert.cuda import streams as cuda_streams
from tilert.cuda.memory import DeviceStorage, ForeignStorage
from tilert.dtypes import from_numpy_dtype
from tilert.tensor import Tensor, _new


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


def _device(obj: Any) -> tuple[int, int]:
    """``obj.__dlpack_device__()`` as (DLPack device type, device id); a BufferError if it is
    not that pair (what the producer's own method raises goes through as it is)."""
    device = obj.__dlpack_device__()
    try:
        device_type, device_id = device
        return operator.index(device_type), operator.index(device_id)
    except (TypeError, ValueError):
        raise BufferError(
            f"tr.from_dlpack: __dlpack_device__() of the {_what(obj)} returned "
            f"{reprlib.repr(device)}, not a (device type, device id) pair of ints"
        ) from None


def _consume(obj: Any, capsule: Any) -> dlpack.Imported:
    """The capsule ``obj.__dlpack__()`` returned, consumed; its errors name the producer."""
    try:
        return dlpack.parse_capsule(capsule)
    except TypeError:  # not a capsule at all
        raise TypeError(
            f"tr.from_dlpack: __dlpack__() of the {_what(obj)} returned a "
            f"{type(capsule).__name__}, not a DLPack capsule"
        ) from None
    except BufferError as exc:
        raise BufferError(f"tr.from_dlpack: the capsule of the {_what(obj)}: {exc}") from None


def _require_device_memory(obj: Any, device: str) -> None:
    backend = backends.current()
    if backend.device_kind != "cuda":
        raise TypeError(
            f"tr.from_dlpack: the {_what(obj)} is on {device}, but the {backend.name} backend "
            "keeps tensors on the host: set TILERT_BACKEND=cutile to share its memory, or copy "
            "it to the host first (torch: t.cpu(), cupy: a.get())"
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
    Its storage does not own the memory.
    Memory a live tilert tensor uses gives that tensor (see Aliases above)."""
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
            storage.copy_from(ForeignStorage(ptr, nbytes, keepalive))
        return Tensor(storage, shape, dtype, name=name)

    if readonly:
        check_copy_source(True, ptr, shape, strides, dtype.itemsize)
        return make()
    return shared_import(True, ptr, shape, dtype, what, make)


def _from_cuda_dlpack(obj: Any, device: int, name: str | None) -> Tensor[Any]:
    _require_device_memory(obj, f"CUDA device {device}")
    if device != context.device_id():
        raise BufferError(
            f"tr.from_dlpack: the {_what(obj)} is on CUDA device {device}, tilert's tensors on "
            f"device {context.device_id()}; move it there first"
        )
    followed = streams.followed_torch_stream()
    if followed is not None:  # launches go onto torch's current stream: order the writes there
        handle = followed.cuda_handle()
        capsule = _request_capsule(obj, handle or 1)  # (DLPack names the legacy stream 1)
    else:
        capsule = _request_capsule(obj, memory.copy_stream_handle())
        memory.sync_copy_stream()  # the producer's pending writes are done
    imported = _consume(obj, capsule)
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
    _require_device_memory(obj, "a CUDA device (__cuda_array_interface__)")
    cai = obj.__cuda_array_interface__
    try:
        masked = cai.get("mask") is not None
        shape = tuple(operator.index(d) for d in cai["shape"])
        dtype = np.dtype(cai["typestr"])
        ptr, readonly = cai["data"]
        ptr = operator.index(ptr or 0)
        byte_strides = cai.get("strides")
        if byte_strides is not None:
            byte_strides = tuple(operator.index(s) for s in byte_strides)
        stream = cai.get("stream")
        stream = None if stream is None else operator.index(stream)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        raise BufferError(
            f"tr.from_dlpack: the __cuda_array_interface__ of the {_what(obj)} is malformed "
            f"({type(exc).__name__}: {exc}): {reprlib.repr(cai)}"
        ) from None
    if masked:
        raise BufferError(
            "tr.from_dlpack: masked __cuda_array_interface__ arrays are not supported"
        )
    from_numpy_dtype(dtype)  # TypeError naming a dtype tilert has not
    if byte_strides is None:
        strides: Sequence[int] = dlpack.c_strides(shape)
    elif any(s % dtype.itemsize for s in byte_strides):
        raise BufferError(f"tr.from_dlpack: byte strides {tuple(byte_strides)} of a {dtype} array")
    else:
        strides = tuple(s // dtype.itemsize for s in byte_strides)
    if stream is not None:  # (v3) the producer's writes are ordered on this stream
        cuda_streams.synchronize(stream)
    return _device_tensor(ptr, shape, strides, dtype, bool(readonly), obj, name, _what(obj))


def import_tensor(obj: Any, name: str | None = None) -> Tensor[Any]:
    """``tr.from_dlpack`` of anything but a tilert tensor: a host producer (numpy, torch on the
    CPU) as before (shared under the interpreter, uploaded under cutile, copied when not
    C-contiguous or read-only); a CUDA producer (torch, cupy: DLPack; numba:
    ``__cuda_array_interface__``) shared under the cutile backend, a TypeError under the
    interpreter. Memory a live tilert tensor uses gives that tensor (see Aliases above)."""
    refuse_in_capture("import a tensor (tr.from_dlpack)")
    if hasattr(obj, "__dlpack__") and hasattr(obj, "__dlpack_device__"):
        device_type, device = _device(obj)
        if device_type == dlpack.KDL_CUDA:
            return _from_cuda_dlpack(obj, device, name)
        if device_type not in dlpack.HOST_ACCESSIBLE:
            raise BufferError(
                f"tr.from_dlpack: DLPack device type {device_type} of the {_what(obj)} is not "
                "supported (host memory and CUDA are)"
            )
        imported = _consume(obj, _request_capsule(obj, None))
        if imported.device[0] not in dlpack.HOST_ACCESSIBLE:
            raise BufferError(
                f"tr.from_dlpack: the {_what(obj)} said it is on DLPack device "
                f"{(device_type, device)} but its capsule is on {imported.device}"
            )
        array = dlpack.host_array(imported)
        uploaded = backends.current().device_kind == "cuda"
        if uploaded or imported.readonly or not imported.c_contiguous:  # a copy: kernels may write
            check_copy_source(
                False, imported.data, imported.shape, imported.strides, array.itemsize
            )
            return _new(array if uploaded else np.array(array, order="C"), name)
        return shared_import(
            False,
            imported.data,
            imported.shape,
            imported.dtype,
            _what(obj),
            lambda: _new(array, name),
        )
    if hasattr(obj, "__cuda_array_interface__"):
        return _from_cuda_array_interface(obj, name)
    if type(obj).__name__ == "PyCapsule":
        raise TypeError(
            "tr.from_dlpack needs the producer (an object with __dlpack__ and "
            "__dlpack_device__), not a DLPack capsule: pass the array itself"
        )
    raise TypeError(
        f"tr.from_dlpack needs an object with __dlpack__ and __dlpack_device__ (or "
        f"__cuda_array_interface__), got a {_what(obj)}; use tr.from_numpy for other arrays"
    )


def from_dlpack(obj: Any, *, name: str | None = None) -> Tensor[Any]:
    """A tensor sharing the memory of a DLPack producer. Host memory (numpy, torch on the CPU)
    is shared under the interpreter (copied if not C-contiguous or read-only) and uploaded under
    cutile; CUDA memory (torch, cupy; numba through ``__cuda_array_interface__``) is shared
    under cutile and must be C-contiguous. Memory a live tilert tensor already uses gives that
    tensor (exactly the same memory) or a ValueError (overlapping it otherwise): one memory, one
    borrow table. See ``tilert.interop``."""
    if isinstance(obj, Tensor):
        return obj
    return import_tensor(obj, name)
