"""Events: points in a stream's work, to wait for on the host, to order another stream after
(``other.wait_event(e)``), and to time the work between two of them (``start.elapsed_ms(end)``).
CUDA events on the GPU; on the CPU a point in the stream's queue, timed with the host clock when
the queue reaches it."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from tilert import backends
from tilert._capture import refuse_in_capture

if TYPE_CHECKING:
    from tilert.streams import Stream


class Event:
    """A point in ``stream``'s work, after everything launched (or queued) on it so far. Made
    by ``stream.record()``."""

    def __init__(self, stream: Stream) -> None:
        refuse_in_capture("record an event")
        self.stream = stream
        self._seq = stream._launched  # the stream's launches it follows
        self._time: float | None = None  # the CPU: when the queue reached it
        self._cuda: Any = None
        self._ticket = None
        if backends.current().name == "cutile":
            from tilert.cutile.device import CudaEvent

            self._cuda = CudaEvent(stream.cuda_handle())
        else:
            self._ticket = stream.enqueue(self._reached)
            self._seq = self._ticket.seq

    def _reached(self, stream: Stream) -> None:
        self._time = time.perf_counter()

    def done(self) -> bool:
        """Whether the work before the event is complete (does not wait, runs nothing)."""
        if self._cuda is not None:
            return bool(self._cuda.query())
        assert self._ticket is not None
        return self.stream.is_done(self._ticket)

    def synchronize(self) -> None:
        """Wait until the work before the event is complete (the CPU runs the queue that far)."""
        if self._cuda is not None:
            self._cuda.synchronize()
            if self._seq > self.stream._completed:
                self.stream._completed = self._seq
        else:
            assert self._ticket is not None
            self.stream.run_until(self._ticket)

    def elapsed_ms(self, end: Event) -> float:
        """Milliseconds from this event to ``end`` (waits for both): GPU time on the GPU."""
        if not isinstance(end, Event):
            raise TypeError(f"elapsed_ms takes the end event (stream.record()), got {end!r}")
        if (self._cuda is None) != (end._cuda is None):
            raise ValueError("elapsed_ms: the two events were recorded under different backends")
        self.synchronize()
        end.synchronize()
        if self._cuda is not None:
            return float(self._cuda.elapsed_ms(end._cuda))
        assert self._time is not None and end._time is not None
        return (end._time - self._time) * 1e3

    def _order(self, waiter: Stream) -> None:
        """Make ``waiter``'s later work run after this event (``waiter.wait_event(self)``)."""
        if waiter is self.stream:
            return
        if self._cuda is not None:
            self._cuda.make_wait(waiter.cuda_handle())
        else:
            stream, seq = self.stream, self._seq
            waiter.enqueue(lambda _: stream._run_through(seq))

    def __repr__(self) -> str:
        return f"<Event on {self.stream!r} {'done' if self.done() else 'pending'}>"
