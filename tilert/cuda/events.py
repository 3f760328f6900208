"""CUDA events with timing: recorded on a stream, queried, waited for, timed against another,
and waited for by another stream."""

from __future__ import annotations

from tilert.cuda.context import check, driver, ensure_current


class CudaEvent:
    """A CUDA event (with timing) recorded on the stream ``handle`` when made."""

    def __init__(self, handle: int) -> None:
        ensure_current()
        drv = driver()
        err, self.event = drv.cuEventCreate(drv.CUevent_flags.CU_EVENT_DEFAULT)
        check(err, "cuEventCreate")
        check(drv.cuEventRecord(self.event, drv.CUstream(int(handle))), "cuEventRecord")

    def query(self) -> bool:
        drv = driver()
        (err,) = drv.cuEventQuery(self.event)
        if err == drv.CUresult.CUDA_ERROR_NOT_READY:
            return False
        check(err, "cuEventQuery")
        return True

    def synchronize(self) -> None:
        ensure_current()
        check(driver().cuEventSynchronize(self.event), "cuEventSynchronize")

    def elapsed_ms(self, end: CudaEvent) -> float:
        err, ms = driver().cuEventElapsedTime(self.event, end.event)
        check(err, "cuEventElapsedTime")
        return float(ms)

    def make_wait(self, handle: int) -> None:
        """Order the stream ``handle``'s later work after this event."""
        drv = driver()
        check(drv.cuStreamWaitEvent(drv.CUstream(int(handle)), self.event, 0), "cuStreamWaitEvent")

    def __del__(self) -> None:
        event = getattr(self, "event", None)
        if event is not None:
            driver().cuEventDestroy(event)
