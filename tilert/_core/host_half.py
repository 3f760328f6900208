"""A submitted chain's host half, run at the submit on the CPU as on a GPU.

On a GPU, ``chain.submit()`` runs the chain's host half at once: each launch goes onto the CUDA
stream and each ``.then`` callback runs, making its ops and taking their borrows, while the
device works. So a host read of a tensor a callback's op writes, made before the chain is
waited for, is refused there (BorrowError). The CPU runs the device work only when it is
waited for; running the whole chain then, as it once did, ran the callbacks then too, and the
same read silently gave the tensor's old contents. Now the CPU runs the host half at the
submit as a GPU does (the callbacks, the borrows), with each launch queued on the stream in
order, so only the device work waits: what the GPU refuses, the CPU refuses, at the same line.

An error keeps the GPU's timing too: a callback's is raised by the wait (a GPU stream's
ticket keeps it), after the launches queued before it ran; a launch's stops the launches
queued after it and is raised by the wait."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

Run = Callable[[Any], None]  # a step: it runs on the stream it is given

_current: ContextVar[HostHalf | None] = ContextVar("tilert_host_half", default=None)


class HostHalf:
    """The launches a chain's host half queued, and the first error of either half."""

    __slots__ = ("device_error", "host_error")

    def __init__(self) -> None:
        self.device_error: BaseException | None = None
        self.host_error: BaseException | None = None

    def queue(self, stream: Any, step: Run) -> None:
        """Queue ``step`` (a launch) on ``stream``; it runs with the device work, unless a
        launch queued before it failed."""

        def launch(on: Any) -> None:
            if self.device_error is None:
                try:
                    step(on)
                except BaseException as exc:  # (raised by the chain's wait)
                    self.device_error = exc

        stream.enqueue(launch)

    def end(self, on: Any) -> None:
        """The chain's last piece of work: raise what failed, the device's error first."""
        error = self.device_error or self.host_error
        if error is not None:
            raise error


def current() -> HostHalf | None:
    """The host half running in this context, whose launches are queued, not run."""
    return _current.get()


def run(steps: Run, stream: Any) -> Any:
    """Run ``steps`` (a chain's) as its host half on the CPU ``stream`` and return the Ticket
    of its end, queued after its launches."""
    half = HostHalf()
    token = _current.set(half)
    try:
        steps(stream)
    except BaseException as exc:  # (raised by the chain's wait, as on a GPU)
        half.host_error = exc
    finally:
        _current.reset(token)
    return stream.enqueue(half.end)


def outside(work: Run, stream: Any) -> None:
    """Run queued work (``work``) as itself: a ticket run while a host half is running (a
    callback's ``sync()`` runs the queue up to its op) runs its launches, not queues them."""
    if _current.get() is None:
        work(stream)
        return
    token = _current.set(None)
    try:
        work(stream)
    finally:
        _current.reset(token)
