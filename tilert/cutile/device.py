"""GPU memory for tensors under the cutile backend: cuda.core allocations, host<->device copies
through the driver API on the tensor's stream, and the ``__cuda_array_interface__`` (v3) view
that ``ct.launch`` (and torch, cupy, numba) read."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np


@cache
def _core_device() -> Any:
    from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]

    dev = Device()
    dev.set_current()
    return dev


_thread = threading.local()


def ensure_current() -> Any:
    """Make the device's context current on this thread (ops may run on executor threads)."""
    dev = _core_device()
    if not getattr(_thread, "current", False):
        dev.set_current()
        _thread.current = True
    return dev


@cache
def copy_stream() -> Any:
    """The stream allocations and copies run on (synchronized after each copy)."""
    return _core_device().create_stream()


@cache
def driver() -> Any:
    """cuda.bindings' driver module (imported once, on first use)."""
    from cuda.bindings import driver  # type: ignore[import-not-found,import-untyped,unused-ignore]

    return driver


def _check(result: Any, what: str) -> None:
    err = result[0] if isinstance(result, tuple) else result
    if int(err) != 0:
        raise RuntimeError(f"{what} failed: CUDA error {err}")


class DeviceStorage:
    """One contiguous device allocation; freed when the storage is garbage collected."""

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

    def upload(self, host: np.ndarray[Any, Any]) -> None:
        """Copy a C-contiguous host array of exactly ``nbytes`` bytes in (synchronously)."""
        data = np.ascontiguousarray(host)
        assert data.nbytes == self.nbytes
        if self.nbytes:
            drv = driver()
            _check(
                drv.cuMemcpyHtoDAsync(
                    drv.CUdeviceptr(self.ptr), data.ctypes.data, self.nbytes, self._stream()
                ),
                "host-to-device copy",
            )
            copy_stream().sync()

    def download(self, out: np.ndarray[Any, Any]) -> None:
        """Copy everything out into the C-contiguous host array ``out`` (synchronously)."""
        assert out.flags.c_contiguous and out.nbytes == self.nbytes
        if self.nbytes:
            drv = driver()
            _check(
                drv.cuMemcpyDtoHAsync(
                    out.ctypes.data, drv.CUdeviceptr(self.ptr), self.nbytes, self._stream()
                ),
                "device-to-host copy",
            )
            copy_stream().sync()

    def copy_from_device(self, other: DeviceStorage) -> None:
        if self.nbytes:
            drv = driver()
            _check(
                drv.cuMemcpyDtoDAsync(
                    drv.CUdeviceptr(self.ptr),
                    drv.CUdeviceptr(other.ptr),
                    self.nbytes,
                    self._stream(),
                ),
                "device-to-device copy",
            )
            copy_stream().sync()

    def fill_zero(self) -> None:
        if self.nbytes:
            drv = driver()
            _check(
                drv.cuMemsetD8Async(drv.CUdeviceptr(self.ptr), 0, self.nbytes, self._stream()),
                "memset",
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


@cache
def device_properties(index: int) -> tuple[str, int, tuple[int, int]]:
    """(name, multiprocessor count, compute capability) of GPU ``index``."""
    from cuda.core import Device  # type: ignore[import-not-found,import-untyped,unused-ignore]

    dev = Device(index)
    major, minor = dev.compute_capability
    return str(dev.name), int(dev.properties.multiprocessor_count), (int(major), int(minor))


def device_id() -> int:
    """The CUDA device tilert's tensors live on."""
    return int(_core_device().device_id)


def copy_stream_handle() -> int:
    """The copy stream as a ``CUstream`` int: the stream a DLPack producer is asked to order its
    pending work before (``__dlpack__(stream=...)``); ``copy_stream().sync()`` then waits."""
    ensure_current()
    return int(copy_stream().handle)


def sync_copy_stream() -> None:
    copy_stream().sync()


def stream_synchronizer(handle: int) -> Callable[[], None]:
    """A function waiting for the stream ``handle``, its driver objects looked up once: a
    synced launch calls it every time."""
    drv = driver()
    stream = drv.CUstream(int(handle))
    synchronize = drv.cuStreamSynchronize
    success = drv.CUresult.CUDA_SUCCESS

    def sync() -> None:
        if not getattr(_thread, "current", False):
            ensure_current()
        (err,) = synchronize(stream)
        if err != success:
            raise RuntimeError(f"cuStreamSynchronize failed: CUDA error {err}")

    return sync


class CudaEvent:
    """A CUDA event (with timing) recorded on the stream ``handle`` when made."""

    def __init__(self, handle: int) -> None:
        ensure_current()
        drv = driver()
        err, self.event = drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DEFAULT)
        _check(err, "cuEventCreate")
        _check(drv.cuEventRecord(self.event, drv.CUstream(int(handle))), "cuEventRecord")

    def query(self) -> bool:
        drv = driver()
        (err,) = drv.cuEventQuery(self.event)
        if err == drv.CUresult.CUDA_ERROR_NOT_READY:
            return False
        _check(err, "cuEventQuery")
        return True

    def synchronize(self) -> None:
        ensure_current()
        _check(driver().cuEventSynchronize(self.event), "cuEventSynchronize")

    def elapsed_ms(self, end: CudaEvent) -> float:
        err, ms = driver().cuEventElapsedTime(self.event, end.event)
        _check(err, "cuEventElapsedTime")
        return float(ms)

    def make_wait(self, handle: int) -> None:
        """Order the stream ``handle``'s later work after this event."""
        drv = driver()
        _check(drv.cuStreamWaitEvent(drv.CUstream(int(handle)), self.event, 0), "cuStreamWaitEvent")

    def __del__(self) -> None:
        event = getattr(self, "event", None)
        if event is not None:
            driver().cuEventDestroy(event)


def synchronize_stream(handle: int) -> None:
    """Wait for a foreign stream (``__cuda_array_interface__``'s ``stream``: 1 is the legacy
    default stream, 2 the per-thread one, as in the driver API)."""
    ensure_current()
    drv = driver()
    _check(drv.cuStreamSynchronize(drv.CUstream(int(handle))), "cuStreamSynchronize")


class ArrayView:
    """What a kernel launch receives for a tensor: only ``__cuda_array_interface__`` (so no
    consumer takes the ownership-checked DLPack path of the Tensor itself)."""

    def __init__(self, storage: DeviceStorage, shape: tuple[int, ...], dtype: np.dtype[Any]):
        self.storage = storage  # keeps the memory alive as long as the view
        self.__cuda_array_interface__ = array_interface(storage, shape, dtype)


def array_interface(
    storage: DeviceStorage, shape: tuple[int, ...], dtype: np.dtype[Any]
) -> dict[str, Any]:
    """``__cuda_array_interface__`` v3 of a C-contiguous device array."""
    return {
        "shape": tuple(shape),
        "typestr": np.dtype(dtype).str,
        "data": (storage.ptr, False),
        "version": 3,
        "strides": None,
        "stream": None,
    }
