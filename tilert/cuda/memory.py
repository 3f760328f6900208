"""Device memory: cuda.core allocations, host<->device copies through the driver API on a copy
stream of their own, and the ``__cuda_array_interface__`` (v3) view that ``ct.launch`` (and
torch, cupy, numba) read."""

from __future__ import annotations

from functools import cache
from typing import Any

import numpy as np

from tilert.cuda.context import check, driver, ensure_current


@cache
def copy_stream() -> Any:
    """The stream allocations and copies run on (synchronized after each copy)."""
    return ensure_current().create_stream()


class DeviceStorage:
    """One contiguous device allocation; freed when the storage is garbage collected. A
    ``tilert._core.storage.Storage``: what a GPU tensor's data lives in."""

    on_device = True

    def __init__(self, nbytes: int) -> None:
        dev = ensure_current()
        s = copy_stream()
        self.nbytes = int(nbytes)
        self._buffer = dev.allocate(max(self.nbytes, 1), stream=s)
        s.sync()
        self.ptr = int(self._buffer.handle)

    def _stream(self) -> Any:
        ensure_current()
        drv = driver()
        return drv.CUstream(int(copy_stream().handle))

    def write(self, host: np.ndarray[Any, Any]) -> None:
        """Copy a C-contiguous host array of exactly ``nbytes`` bytes in (synchronously)."""
        data = np.ascontiguousarray(host)
        assert data.nbytes == self.nbytes
        if self.nbytes:
            drv = driver()
            check(
                drv.cuMemcpyHtoDAsync(
                    drv.CUdeviceptr(self.ptr), data.ctypes.data, self.nbytes, self._stream()
                ),
                "host-to-device copy",
            )
            copy_stream().sync()

    def read(self, out: np.ndarray[Any, Any]) -> None:
        """Copy everything out into the C-contiguous host array ``out`` (synchronously)."""
        assert out.flags.c_contiguous and out.nbytes == self.nbytes
        if self.nbytes:
            drv = driver()
            check(
                drv.cuMemcpyDtoHAsync(
                    out.ctypes.data, drv.CUdeviceptr(self.ptr), self.nbytes, self._stream()
                ),
                "device-to-host copy",
            )
            copy_stream().sync()

    def copy_from(self, other: DeviceStorage) -> None:
        if self.nbytes:
            drv = driver()
            check(
                drv.cuMemcpyDtoDAsync(
                    drv.CUdeviceptr(self.ptr),
                    drv.CUdeviceptr(other.ptr),
                    self.nbytes,
                    self._stream(),
                ),
                "device-to-device copy",
            )
            copy_stream().sync()


class ForeignStorage(DeviceStorage):
    """Device memory another framework allocated (``tr.from_dlpack`` of a torch or cupy array):
    never freed here. ``keepalive`` (the producer, or the consumed DLPack capsule's owner, whose
    collection calls the producer's deleter) keeps the memory valid while this storage lives."""

    def __init__(self, ptr: int, nbytes: int, keepalive: object) -> None:
        ensure_current()
        self.nbytes = int(nbytes)
        self.ptr = int(ptr)
        self.keepalive = keepalive


def copy_stream_handle() -> int:
    """The copy stream as a ``CUstream`` int: the stream a DLPack producer is asked to order its
    pending work before (``__dlpack__(stream=...)``); ``copy_stream().sync()`` then waits."""
    ensure_current()
    return int(copy_stream().handle)


def sync_copy_stream() -> None:
    copy_stream().sync()


class ArrayView:
    """What a kernel launch receives for a tensor: only ``__cuda_array_interface__`` (so no
    consumer takes the ownership-checked DLPack path of the Tensor itself)."""

    def __init__(self, storage: Any, shape: tuple[int, ...], dtype: np.dtype[Any]):
        self.storage = storage  # keeps the memory alive as long as the view
        self.__cuda_array_interface__ = array_interface(storage.ptr, shape, dtype)


def array_interface(ptr: int, shape: tuple[int, ...], dtype: np.dtype[Any]) -> dict[str, Any]:
    """``__cuda_array_interface__`` v3 of a C-contiguous device array."""
    return {
        "shape": tuple(shape),
        "typestr": np.dtype(dtype).str,
        "data": (ptr, False),
        "version": 3,
        "strides": None,
        "stream": None,
    }
