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

    def write(self, host: np.ndarray[Any, Any], offset: int = 0) -> None:
        """Copy a host array in at byte ``offset`` (synchronously): a tensor's every byte, or a
        view's part."""
        data = np.ascontiguousarray(host)
        assert offset + data.nbytes <= self.nbytes
        if data.nbytes:
            drv = driver()
            check(
                drv.cuMemcpyHtoDAsync(
                    drv.CUdeviceptr(self.ptr + offset),
                    data.ctypes.data,
                    data.nbytes,
                    self._stream(),
                ),
                "host-to-device copy",
            )
            copy_stream().sync()

    def read(self, out: np.ndarray[Any, Any], offset: int = 0) -> None:
        """Copy ``out.nbytes`` bytes from byte ``offset`` into the C-contiguous host array
        ``out`` (synchronously): a tensor's every byte, or the bytes a view spans."""
        assert out.flags.c_contiguous and offset + out.nbytes <= self.nbytes
        if out.nbytes:
            drv = driver()
            check(
                drv.cuMemcpyDtoHAsync(
                    out.ctypes.data, drv.CUdeviceptr(self.ptr + offset), out.nbytes, self._stream()
                ),
                "device-to-host copy",
            )
            copy_stream().sync()

    def copy_from(
        self,
        other: DeviceStorage,
        offset: int = 0,
        other_offset: int = 0,
        nbytes: int | None = None,
    ) -> None:
        """Copy ``nbytes`` of ``other``'s bytes from ``other_offset`` to ``offset`` (all of
        them by default)."""
        count = self.nbytes if nbytes is None else nbytes
        if count:
            drv = driver()
            check(
                drv.cuMemcpyDtoDAsync(
                    drv.CUdeviceptr(self.ptr + offset),
                    drv.CUdeviceptr(other.ptr + other_offset),
                    count,
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
    consumer takes the ownership-checked DLPack path of the Tensor itself). A view's starts at
    ``ptr`` inside the storage, with its byte ``strides`` (None: C-contiguous)."""

    def __init__(
        self,
        storage: Any,
        shape: tuple[int, ...],
        dtype: np.dtype[Any],
        ptr: int | None = None,
        strides: tuple[int, ...] | None = None,
    ):
        self.storage = storage  # keeps the memory alive as long as the view
        start = storage.ptr if ptr is None else ptr
        self.__cuda_array_interface__ = array_interface(start, shape, dtype, strides)


class DLPackArrayView:
    """The launch view of an 8-bit float tensor: ``__cuda_array_interface__`` cannot name those
    dtypes (its typestr has one ``V1`` for them all), DLPack can (codes 10, 12, 14), so the
    kernel receives a fresh capsule over the same memory, owned by this view."""

    def __init__(
        self,
        storage: Any,
        shape: tuple[int, ...],
        dtype: np.dtype[Any],
        ptr: int | None = None,
        strides: tuple[int, ...] | None = None,
    ):
        self.storage = storage
        self._ptr = storage.ptr if ptr is None else ptr
        self._shape = shape
        self._dtype = dtype
        itemsize = np.dtype(dtype).itemsize
        self._strides = None if strides is None else tuple(s // itemsize for s in strides)

    def __dlpack__(self, **_: Any) -> Any:
        from tilert._dlpack import abi
        from tilert.cuda.context import device_id

        return abi.make_capsule(
            self._ptr,
            self._shape,
            self._dtype,
            (abi.KDL_CUDA, device_id()),
            self.storage,
            strides=self._strides,
        )

    def __dlpack_device__(self) -> tuple[int, int]:
        from tilert._dlpack import abi
        from tilert.cuda.context import device_id

        return (abi.KDL_CUDA, device_id())


def launch_view(
    storage: Any,
    shape: tuple[int, ...],
    dtype: np.dtype[Any],
    ptr: int | None = None,
    strides: tuple[int, ...] | None = None,
) -> ArrayView | DLPackArrayView:
    """What ``ct.launch`` receives for a tensor: its ``__cuda_array_interface__``, or DLPack
    for the dtypes that interface cannot name (the 8-bit floats: numpy kind ``V``/``f`` of one
    byte)."""
    if np.dtype(dtype).itemsize == 1 and np.dtype(dtype).kind in "Vf":
        return DLPackArrayView(storage, shape, dtype, ptr, strides)
    return ArrayView(storage, shape, dtype, ptr, strides)


def array_interface(
    ptr: int,
    shape: tuple[int, ...],
    dtype: np.dtype[Any],
    strides: tuple[int, ...] | None = None,
) -> dict[str, Any]:
    """``__cuda_array_interface__`` v3 of a device array: C-contiguous, or with byte
    ``strides``."""
    return {
        "shape": tuple(shape),
        "typestr": np.dtype(dtype).str,
        "data": (ptr, False),
        "version": 3,
        "strides": None if strides is None else tuple(strides),
        "stream": None,
    }
