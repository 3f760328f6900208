"""Events: points in a stream's work, to wait for on the host, to order another stream after
(``other.wait_event(e)``), and to time the work between two of them (``start.elapsed_ms(end)``).
The backend makes the point itself (``Backend.record_event``): a CUDA event on the GPU; on the
CPU a point in the stream's queue, timed with the host clock when the queue reaches it."""

from __future__ import annotations

from typing import Any

from tilert import backends
from tilert._core.capture import refuse_in_capture

# a tilert.streams.Stream (which imports this module: ``stream.record()`` makes an Event)
Stream = Any


class Event:
    """A point in ``stream``'s work, after everything launched (or queued) on it so far. Made
    by ``stream.record()``."""

    def __init__(self, stream: Stream) -> None:
        refuse_in_capture("record an event")
        self.stream = stream
        self._mark = backends.current().record_event(stream)

    def done(self) -> bool:
        """Whether the work before the event is complete (does not wait, runs nothing)."""
        return self._mark.done()

    def synchronize(self) -> None:
        """Wait until the work before the event is complete (the CPU runs the queue that far)."""
        self._mark.synchronize()

    def elapsed_ms(self, end: Event) -> float:
        """Milliseconds from this event to ``end`` (waits for both): GPU time on the GPU."""
        if not isinstance(end, Event):
            raise TypeError(f"elapsed_ms takes the end event (stream.record()), got {end!r}")
        if type(self._mark) is not type(end._mark):
            raise ValueError("elapsed_ms: the two events were recorded under different backends")
        self.synchronize()
        end.synchronize()
        return self._mark.elapsed_ms(end._mark)

    def _order(self, waiter: Stream) -> None:
        """Make ``waiter``'s later work run after this event (``waiter.wait_event(self)``)."""
        if waiter is not self.stream:
            self._mark.order(waiter)

    def __repr__(self) -> str:
        return f"<Event on {self.stream!r} {'done' if self.done() else 'pending'}>"
