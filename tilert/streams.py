"""Devices and streams. On the CPU a stream is an ordered queue of work that runs when someone
waits on it, so completion is observed exactly where the GPU would report it."""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Device:
    """A compute device. Without a GPU there is one: the CPU running the interpreter."""

    index: int = 0

    @property
    def kind(self) -> str:
        return "cpu"

    def __repr__(self) -> str:
        return f"Device({self.index}, {self.kind})"


@dataclass(eq=False)
class Ticket:
    """One piece of work queued on a stream; ``event`` in GPU terms."""

    run: Callable[[], None]
    done: bool = False
    error: BaseException | None = None
    launched: bool = False  # its host part already ran (GPU: the kernel is on the stream)


@dataclass(eq=False)
class Stream:
    """An in-order queue of work. ``with stream:`` makes it the current stream."""

    device: Device = field(default_factory=Device)
    _queue: deque[Ticket] = field(default_factory=deque, repr=False)
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    # cutile backend: the CUDA stream the queued work launches on (made on first use), or a
    # foreign object with ``__cuda_stream__`` (torch, cupy, cuda.core) this stream wraps
    _cuda: Any = field(default=None, repr=False)
    _handle: int | None = field(default=None, repr=False)

    def cuda_handle(self) -> int:
        """The CUDA stream handle (``CUstream`` as an int) kernels of this stream launch on."""
        from tilert.cutile.device import ensure_current

        device = ensure_current()
        if self._handle is None:
            if self._cuda is None:
                self._cuda = device.create_stream()
            if hasattr(self._cuda, "__cuda_stream__"):
                self._handle = int(self._cuda.__cuda_stream__()[1])
            else:
                self._handle = int(self._cuda.handle)
        return self._handle

    def _cuda_synchronize(self) -> None:
        """Wait for the GPU work launched on this stream (nothing to do if none was)."""
        if self._cuda is None:
            return
        from tilert.cutile.device import ensure_current

        ensure_current()
        if hasattr(self._cuda, "sync"):
            self._cuda.sync()
            return
        from cuda.bindings import driver  # type: ignore[import-not-found,import-untyped,unused-ignore]

        (err,) = driver.cuStreamSynchronize(driver.CUstream(self.cuda_handle()))
        if int(err) != 0:
            raise RuntimeError(f"cuStreamSynchronize failed: CUDA error {err}")

    def enqueue(self, run: Callable[[], None]) -> Ticket:
        """Queue ``run``. On the GPU it runs at once (its launches go onto the CUDA stream, so
        the device works while the host goes on); on the CPU it runs when waited for."""
        ticket = Ticket(run)
        with self._lock:
            self._queue.append(ticket)
            if _launches_eagerly():
                self._run_item(ticket)
                ticket.launched = True
        return ticket

    def _run_item(self, item: Ticket) -> None:
        previous = getattr(_running, "stream", None)
        _running.stream = self
        try:
            item.run()
        except BaseException as exc:  # kept for the waiter of that item
            item.error = exc
        finally:
            _running.stream = previous

    def run_until(self, ticket: Ticket) -> None:
        """Run queued work in order up to and including ``ticket``; re-raise its error."""
        with self._lock:
            while not ticket.done and self._queue:
                item = self._queue.popleft()
                if not item.launched:
                    self._run_item(item)
                item.done = True
            self._cuda_synchronize()
        if ticket.error is not None:
            raise ticket.error

    def synchronize(self) -> None:
        """Run everything queued so far."""
        with self._lock:
            if self._queue:
                self.run_until(self._queue[-1])

    def __enter__(self) -> Stream:
        _stack.set((*_stack.get(), self))
        return self

    def __exit__(self, *exc: object) -> None:
        _stack.set(_stack.get()[:-1])


# A context variable, not a thread-local: each asyncio task keeps its own ``with stream:``.
_stack: ContextVar[tuple[Stream, ...]] = ContextVar("tilert_streams", default=())
_default = Stream()
_running = threading.local()  # the stream whose queued work this thread is running


def _launches_eagerly() -> bool:
    from tilert import backends

    return backends.current().name == "cutile"


def running_stream() -> Stream:
    """The stream whose work is running on this thread (kernels launch on it), else the
    current stream."""
    running: Stream | None = getattr(_running, "stream", None)
    return running if running is not None else current_stream()


def current_stream() -> Stream:
    """The innermost ``with stream:`` of this task or thread, else the default stream."""
    stack = _stack.get()
    return stack[-1] if stack else _default


def as_stream(obj: Any) -> Stream:
    """Accept a tilert Stream or None (the current stream)."""
    if obj is None:
        return current_stream()
    if isinstance(obj, Stream):
        return obj
    if hasattr(obj, "__cuda_stream__"):
        from tilert import backends

        if backends.current().name == "cutile":
            return Stream(_cuda=obj)
        raise TypeError(
            "a CUDA stream was given but the interpret backend runs on the CPU; "
            "pass a tr.Stream() or set TILERT_BACKEND=cutile on a GPU machine"
        )
    raise TypeError(f"not a stream: {obj!r}")
