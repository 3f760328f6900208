"""The driver calls behind a tilert ``Stream`` on the GPU: making a CUDA stream, reading a
foreign one's handle, waiting for it, asking whether it is idle, and ordering one stream after
the work launched so far on another."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tilert.cuda.context import check, driver, ensure_current, is_current


def create_stream() -> Any:
    """A new cuda.core stream on tilert's device."""
    return ensure_current().create_stream()


def handle_of(stream: Any) -> int:
    """The ``CUstream`` handle (an int) of a cuda.core stream or of any object with
    ``__cuda_stream__`` (torch, cupy)."""
    if hasattr(stream, "__cuda_stream__"):
        return int(stream.__cuda_stream__()[1])
    return int(stream.handle)


def synchronizer(handle: int) -> Callable[[], None]:
    """A function waiting for the stream ``handle``, its driver objects looked up once: a
    synced launch calls it every time."""
    drv = driver()
    stream = drv.CUstream(int(handle))
    synchronize = drv.cuStreamSynchronize
    success = drv.CUresult.CUDA_SUCCESS

    def sync() -> None:
        if not is_current():
            ensure_current()
        (err,) = synchronize(stream)
        if err != success:
            raise RuntimeError(f"cuStreamSynchronize failed: CUDA error {err}")

    return sync


def synchronize(handle: int) -> None:
    """Wait for a stream, a foreign one included (``__cuda_array_interface__``'s ``stream``: 1
    is the legacy default stream, 2 the per-thread one, as in the driver API)."""
    ensure_current()
    drv = driver()
    check(drv.cuStreamSynchronize(drv.CUstream(int(handle))), "cuStreamSynchronize")


def is_idle(handle: int) -> bool:
    """Whether everything launched on the stream ``handle`` has completed (does not block)."""
    ensure_current()
    drv = driver()
    (err,) = drv.cuStreamQuery(drv.CUstream(handle))
    if err == drv.CUresult.CUDA_ERROR_NOT_READY:
        return False
    check(err, "cuStreamQuery")
    return True


def order_after(waiter: int, other: int) -> None:
    """Order the stream ``waiter``'s later launches after every launch on ``other`` so far."""
    drv = driver()
    err, event = drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DISABLE_TIMING)
    check(err, "cuEventCreate")
    try:
        check(drv.cuEventRecord(event, drv.CUstream(other)), "cuEventRecord")
        check(drv.cuStreamWaitEvent(drv.CUstream(waiter), event, 0), "cuStreamWaitEvent")
    finally:
        drv.cuEventDestroy(event)  # released by the driver once the wait is satisfied
