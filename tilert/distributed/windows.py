"""Tensors in NCCL symmetric windows (``comm.empty``/``comm.zeros`` under NCCL's C API, NCCL
2.27 and later): each is its own ``ncclMemAlloc`` (VMM memory, which windows need) registered
with ``ncclCommWindowRegister(..., NCCL_WIN_COLL_SYMMETRIC)``. A collective whose buffers lie in
windows registered alike on every rank runs NCCL's symmetric kernels (low-latency all-reduce,
all-gather and reduce-scatter of sums over floats of up to 32 bits); the transport issues the
same NCCL call on the same pointers, and NCCL finds the window from the pointer.

Registration is a collective call, so every rank makes its window tensors in the same order and
never while a graph captures. Deregistration is treated as one too (NCCL's headers do not say
it is local), so it never follows a rank's garbage collector: every window is deregistered at
``close`` (``tr.distributed.shutdown``), in the order made, on every rank alike. Its memory is
freed (``ncclMemFree``, local) then if its tensor was dropped, else when the tensor (every view
of it, every graph holding it) is dropped: a tensor outlives its window, as ordinary device
memory."""

from __future__ import annotations

import math
import threading
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np

from tilert._core.capture import refuse_in_capture
from tilert.distributed._nccl import WIN_ALIGNMENT, WIN_COLL_SYMMETRIC, Library
from tilert.dtypes import DType
from tilert.tensor import Tensor

# (pointer, shape, dtype, lease, name) -> a tensor over the memory at pointer that keeps
# ``lease`` alive while any of it is referenced (the device's: ``device_tensor``)
Wrap = Callable[[int, tuple[int, ...], type[DType], object, "str | None"], Tensor[Any]]


class _Lease:
    """What a window tensor's memory keeps alive; its end tells the windows (``dropped``)."""

    __slots__ = ("__weakref__",)


class _Window:
    __slots__ = ("dropped", "handle", "nbytes", "ptr")

    def __init__(self, ptr: int, nbytes: int) -> None:
        self.ptr, self.nbytes = ptr, nbytes
        self.handle = 0  # its ncclWindow_t (0: not registered, or deregistered)
        self.dropped = False  # its tensor is gone


class Windows:
    """One communicator's window tensors: made by ``empty``, deregistered by ``close``."""

    def __init__(self, lib: Library, comm: Callable[[], int], wrap: Wrap) -> None:
        self.lib, self._comm, self._wrap = lib, comm, wrap
        self._made: list[_Window] = []  # in the order made (the same on every rank)
        self._closed = False
        self._lock = threading.Lock()  # (finalizers run on whichever thread drops a tensor)

    def empty(self, shape: tuple[int, ...], dtype: type[DType], name: str | None) -> Tensor[Any]:
        """A tensor of ``shape`` and ``dtype`` in a window of its own (its size rounded up to
        NCCL's 4096-byte window granularity); its values are whatever the memory held."""
        refuse_in_capture("make a tensor in an NCCL window (a collective registration)")
        comm = self._comm()
        if self._closed or not comm:
            raise RuntimeError(
                "tr.distributed: comm.empty after this rank's NCCL communicator was closed "
                "(tr.distributed.shutdown)"
            )
        nbytes = math.prod(shape) * np.dtype(dtype.np_dtype).itemsize
        size = max(WIN_ALIGNMENT, -(-nbytes // WIN_ALIGNMENT) * WIN_ALIGNMENT)
        ptr = self.lib.mem_alloc(size)
        window = _Window(ptr, size)
        try:
            window.handle = self.lib.window_register(comm, ptr, size, WIN_COLL_SYMMETRIC)
        except BaseException:
            self.lib.mem_free(ptr)
            raise
        lease = _Lease()
        with self._lock:
            self._made.append(window)
        finalizer = weakref.finalize(lease, self._dropped, window)
        finalizer.atexit = False  # (the process's end frees it; NCCL may be gone by then)
        return self._wrap(ptr, shape, dtype, lease, name)

    def _dropped(self, window: _Window) -> None:
        """The tensor over ``window`` is gone: free its memory if its window is deregistered
        already, else at ``close`` (after the deregistration every rank makes there)."""
        with self._lock:
            window.dropped = True
            free = not window.handle
            if free:
                self._made.remove(window)
        if free:
            self.lib.mem_free(window.ptr)

    def close(self) -> None:
        """Deregister every window (a collective call on each rank, in the order made), then
        free the memory of those whose tensors were dropped; the others are freed when their
        tensors are. Every window is attempted; the first failure is raised afterwards."""
        comm = self._comm()
        failure: BaseException | None = None
        with self._lock:
            self._closed = True
            windows = list(self._made)
        for window in windows:
            try:
                if window.handle and comm:
                    self.lib.window_deregister(comm, window.handle)
            except BaseException as exc:  # (go on: the communicator is destroyed next)
                failure = failure or exc
            with self._lock:
                window.handle = 0
                free = window.dropped
                if free:
                    self._made.remove(window)
            if free:
                self.lib.mem_free(window.ptr)
        if failure is not None:
            raise failure

    @property
    def live(self) -> int:
        """Windows whose memory is not freed yet."""
        return len(self._made)


class _DeviceArray:
    """Window memory as ``tr.from_dlpack`` takes it (``__cuda_array_interface__``), as unsigned
    integers of the element's size (the interface's typestr cannot name bf16 or the 8-bit
    floats); the tensor's storage keeps it, and so the lease, alive."""

    def __init__(self, ptr: int, shape: tuple[int, ...], itemsize: int, lease: object) -> None:
        self.lease = lease
        self.__cuda_array_interface__ = {
            "shape": tuple(shape),
            "typestr": np.dtype(f"u{itemsize}").str,
            "data": (ptr, False),
            "version": 3,
            "strides": None,
            "stream": None,
        }


def device_tensor(
    ptr: int, shape: tuple[int, ...], dtype: type[DType], lease: object, name: str | None
) -> Tensor[Any]:
    """A GPU tensor of ``dtype`` over window memory at ``ptr`` (shared, not owned: ``Windows``
    frees it): imported as unsigned integers, then viewed as ``dtype``."""
    from tilert.interop import from_dlpack

    itemsize = np.dtype(dtype.np_dtype).itemsize
    raw = from_dlpack(_DeviceArray(ptr, shape, itemsize, lease), name=name)
    return raw if raw.dtype is dtype else raw.view(dtype)
