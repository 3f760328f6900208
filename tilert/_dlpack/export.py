"""Export: ``Tensor.__dlpack__`` (the array API protocol). A tensor can be exported only while
no op uses it, and an op releases its borrows only once its device work is complete, so no
tilert work on an exported tensor is ever pending: any consumer stream may use it at once, and
``__dlpack__(stream=...)`` needs no event. Writes a consumer makes through an exported tensor
are that framework's work: synchronize it before a tilert op reads the tensor."""

from __future__ import annotations

import operator
import reprlib
from typing import Any

import numpy as np

from tilert._dlpack import abi as dlpack
from tilert._dlpack import aliases
from tilert._dlpack.aliases import Tensor


def _check_stream(stream: Any, device_type: int) -> None:
    if stream is None:
        return
    if device_type != dlpack.KDL_CUDA:
        raise BufferError(f"__dlpack__: stream must be None for a host export, got {stream!r}")
    if not isinstance(stream, int) or isinstance(stream, bool):
        raise TypeError(f"__dlpack__: stream must be None or a CUDA stream int, got {stream!r}")
    if stream < -1:
        raise BufferError(f"__dlpack__: stream must be >= -1, got {stream}")


def _int_pair(name: str, value: Any) -> tuple[int, int]:
    """``max_version`` or ``dl_device`` as two ints; a TypeError naming the argument else."""
    try:
        first, second = value
        return operator.index(first), operator.index(second)
    except (TypeError, ValueError):
        raise TypeError(
            f"__dlpack__: {name} must be None or a pair of ints, got {reprlib.repr(value)}"
        ) from None


def export_dlpack(
    tensor: Tensor,
    *,
    stream: Any = None,
    max_version: tuple[int, int] | None = None,
    dl_device: tuple[int, int] | None = None,
    copy: bool | None = None,
) -> Any:
    """The capsule of ``Tensor.__dlpack__`` (the array API protocol). The memory is shared
    unless ``copy=True`` or ``dl_device`` asks for the host (a GPU tensor is then copied
    there; ``copy=False`` refuses that). The caller has checked the tensor is free."""
    if copy is not None and not isinstance(copy, (bool, np.bool_)):
        raise TypeError(f"__dlpack__: copy must be None, True or False, got {reprlib.repr(copy)}")
    version = None if max_version is None else _int_pair("max_version", max_version)
    wanted = None if dl_device is None else _int_pair("dl_device", dl_device)
    own = tensor.__dlpack_device__()
    on_device = tensor._storage.on_device
    if on_device:
        from tilert.cuda.context import device_id

        own = (dlpack.KDL_CUDA, device_id())
    target = own if wanted is None else wanted
    _check_stream(stream, target[0])
    versioned = version is not None and version[0] >= dlpack.DLPACK_VERSION[0]
    dtype = tensor._np_dtype
    if target == own:
        if not on_device:
            array = tensor._host_array.copy() if copy else tensor._host_array
            if not copy:
                aliases.remember(tensor)
            return dlpack.make_capsule(
                array.ctypes.data,
                tensor.shape,
                dtype,
                own,
                array,
                versioned=versioned,
                copied=bool(copy),
                readonly=not array.flags.writeable,
                strides=tuple(s // dtype.itemsize for s in array.strides),
            )
        storage = tensor._storage
        if copy and tensor._view is not None:  # a dense copy of a view, made by a kernel
            tensor = tensor.astype(tensor.dtype)
            storage = tensor._storage
        elif copy:
            from tilert.cuda.memory import DeviceStorage

            storage = DeviceStorage(tensor.nbytes)
            storage.copy_from(tensor._storage)
        else:
            aliases.remember(tensor)
        return dlpack.make_capsule(
            storage.ptr if copy else tensor._device_pointer(),
            tensor.shape,
            dtype,
            own,
            storage,
            versioned=versioned,
            copied=bool(copy),
            strides=tensor.strides,
        )
    if target[0] == dlpack.KDL_CPU and on_device:
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
