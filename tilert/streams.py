"""Devices and streams. A stream is an ordered queue of work. Where the backend launches at once
(the GPU: ``Backend.launches_at_once``) work goes onto a CUDA stream when enqueued; a stream
counts its launches, so waiting for one is a stream synchronization only when it may still be
running, and a tensor's last writer (stream, launch number) lets an op on another stream wait
for exactly that launch. Elsewhere (the CPU) the queue runs when someone waits on it, so
completion is observed exactly where the GPU would report it."""

from __future__ import annotations

import atexit
import sys
import threading
import traceback
from collections import deque
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, ClassVar

from tilert import backends
from tilert._core import host_half
from tilert.cuda import streams as cuda_streams
from tilert.events import Event


@dataclass(frozen=True)
class Device:
    """A compute device: the GPU under the cutile backend, else the CPU running the
    interpreter. ``sm_count`` sizes persistent launches (``part.mapped(blocks=...)``)."""

    index: int = 0

    @property
    def kind(self) -> str:
        """``"cuda"`` or ``"cpu"``."""
        return backends.current().device_kind

    @property
    def name(self) -> str:
        """The GPU's name (``"NVIDIA H100 80GB HBM3"``), or the CPU's."""
        return str(self._properties()[0])

    @property
    def sm_count(self) -> int:
        """Streaming multiprocessors: blocks that run at once, one per SM (on the CPU, its
        cores)."""
        return int(self._properties()[1])

    @property
    def compute_capability(self) -> tuple[int, int] | None:
        """``(9, 0)`` for an H100; None on the CPU."""
        cc = self._properties()[2]
        return None if cc is None else (int(cc[0]), int(cc[1]))

    def _properties(self) -> tuple[str, int, tuple[int, int] | None]:
        return backends.current().device_properties(self.index)

    def __repr__(self) -> str:
        return f"Device({self.index}, {self.kind})"


class Ticket:
    """One piece of work queued on a stream; ``event`` in GPU terms."""

    __slots__ = ("done", "error", "launched", "run", "seq")

    def __init__(self, run: Callable[[Stream], None], seq: int = 0) -> None:
        self.run: Callable[[Stream], None] | None = run  # None once run
        self.seq = seq  # GPU: the stream's launch number of this work
        self.done = False  # known complete
        self.error: BaseException | None = None
        self.launched = False  # its host part already ran (GPU: the kernel is on the stream)


def launched_ticket(seq: int) -> Ticket:
    """The Ticket of launch ``seq``, already on the GPU stream and not failed. The C submit
    keeps only that number in its Pending (one object less per launch); the Python makes the
    Ticket from it where it asks (``Pending._work``)."""
    ticket = Ticket(_ran, seq)
    ticket.run = None
    ticket.launched = True
    return ticket


def _ran(stream: Stream) -> None:
    """The work of a launched Ticket: it ran when it was launched."""


# One lock for every stream's queue, not one each: on the CPU, running one stream's work may run
# another's (an event it waits for, a last writer), so two threads running two streams that wait
# on each other's events would take per-stream locks in opposite orders and deadlock.
_QUEUE_LOCK = threading.RLock()


@dataclass(eq=False, slots=True)
class Stream:
    """An in-order queue of work. ``with stream:`` makes it the current stream."""

    device: Device = field(default_factory=Device)
    _queue: deque[Ticket] = field(default_factory=deque, repr=False)
    _lock: ClassVar[threading.RLock] = _QUEUE_LOCK
    # cutile backend: the CUDA stream the queued work launches on (made on first use), or a
    # foreign object with ``__cuda_stream__`` (torch, cupy, cuda.core) this stream wraps
    _cuda: Any = field(default=None, repr=False)
    _handle: int | None = field(default=None, repr=False)
    _launched: int = field(default=0, repr=False)  # launch number of the latest launch
    _completed: int = field(default=0, repr=False)  # every launch up to this one is complete
    _capturing: bool = field(default=False, repr=False)  # recording a CUDA graph, not running
    _sync: Callable[[], None] | None = field(default=None, repr=False)  # see _cuda_synchronize

    # -- the CUDA stream ---------------------------------------------------------------------
    def cuda_handle(self) -> int:
        """The CUDA stream handle (``CUstream`` as an int) kernels of this stream launch on."""
        handle = self._handle
        if handle is not None:
            return handle
        if self._cuda is None:
            self._cuda = cuda_streams.create_stream()
        handle = self._handle = cuda_streams.handle_of(self._cuda)
        return handle

    def _cuda_synchronize(self) -> None:
        """Wait for the GPU work launched on this stream (nothing to do if none was)."""
        sync = self._sync
        if sync is None:
            if self._handle is None:
                return
            sync = self._sync = cuda_streams.synchronizer(self._handle)
        sync()

    def _cuda_idle(self) -> bool:
        """Whether everything launched on this stream has completed (does not block)."""
        return self._handle is None or cuda_streams.is_idle(self._handle)

    def wait_for_launch(self, other: Stream, seq: int) -> None:
        """Order this stream's next launches after launch ``seq`` of ``other`` (a tensor's last
        writer on another stream), unless that launch is known to be complete."""
        if other is self or seq <= other._completed or self._capturing:
            return  # (a graph's launch waits for the writers of what it touches instead)
        backends.current().order_after(self, other, seq)

    # -- queued work -------------------------------------------------------------------------
    def enqueue(self, run: Callable[[Stream], None]) -> Ticket:
        """Queue ``run``. On the GPU it runs at once (its launches go onto the CUDA stream, so
        the device works while the host goes on); on the CPU it runs when waited for."""
        if backends.current().launches_at_once:
            with self._lock:
                self._launched = seq = self._launched + 1
                ticket = Ticket(run, seq)
                ticket.launched = True
                self._run_item(ticket)
            return ticket
        with self._lock:
            self._launched = seq = self._launched + 1
            ticket = Ticket(run, seq)
            self._queue.append(ticket)
        return ticket

    def run_now(self, run: Callable[[Stream], None]) -> None:
        """``run_until(enqueue(run))``: run it after the work queued before it and wait for it.
        On the GPU without a Ticket (a synced launch's path); an error is raised after the
        stream is synchronized, so nothing ``run`` launched is still running."""
        if not backends.current().launches_at_once:
            self.run_until(self.enqueue(run))
            return
        error: BaseException | None = None
        with self._lock:
            self._launched = launched = self._launched + 1
            try:
                run(self)
            except BaseException as exc:
                error = exc
        self._cuda_synchronize()
        if launched > self._completed:
            self._completed = launched
        if error is not None:
            raise error

    def _run_through(self, seq: int) -> None:
        """The CPU: run queued work in order up to launch number ``seq``."""
        with self._lock:
            while self._queue and self._queue[0].seq <= seq:
                item = self._queue.popleft()
                self._run_item(item)
                item.done = True

    def _run_item(self, item: Ticket) -> None:
        run = item.run
        assert run is not None  # (a ticket runs once)
        item.run = None  # (a Pending or a graph keeps its ticket: not the work with it)
        try:
            host_half.outside(run, self)
        except BaseException as exc:  # kept for the waiter of that item
            _keep_error(item, exc)
        if not item.launched:  # the CPU runs in queue order: everything before it ran too
            self._completed = item.seq

    def is_done(self, ticket: Ticket) -> bool:
        """Whether ``ticket``'s work is complete, without waiting. On the CPU a poll that
        answers no lets the queue run its next piece of work, as a GPU would go on in the
        meantime: a loop polling ``done()`` ends, and the first poll still says "not yet"."""
        if ticket.done:
            return True
        if not ticket.launched:
            with self._lock:
                if self._queue:
                    item = self._queue.popleft()
                    self._run_item(item)
                    item.done = True
            return False
        if ticket.seq > self._completed:
            launched = self._launched
            if not self._cuda_idle():
                return False
            self._completed = max(self._completed, launched)
        ticket.done = True
        return True

    def run_until(self, ticket: Ticket) -> None:
        """Run queued work in order up to and including ``ticket``, wait for the GPU to finish
        it, and re-raise its error."""
        if ticket.launched:  # GPU: already on the CUDA stream
            if ticket.seq > self._completed:
                launched = self._launched
                self._cuda_synchronize()
                self._completed = max(self._completed, launched)
            ticket.done = True
        else:
            with self._lock:
                while not ticket.done and self._queue:
                    item = self._queue.popleft()
                    self._run_item(item)
                    item.done = True
        if ticket.error is not None:
            raise ticket.error

    def synchronize(self) -> None:
        """Run everything queued so far and wait for the GPU to finish it."""
        with self._lock:
            if self._queue:
                self.run_until(self._queue[-1])
            launched = self._launched
        self._cuda_synchronize()
        self._completed = max(self._completed, launched)

    # -- events ------------------------------------------------------------------------------
    def record(self) -> Event:
        """An event after everything launched (or queued) on this stream so far."""
        return Event(self)

    def wait_event(self, event: Event) -> None:
        """Run this stream's later work only after ``event`` (recorded on any stream)."""
        if not isinstance(event, Event):
            raise TypeError(f"wait_event takes an event (stream.record()), got {event!r}")
        event._order(self)

    def __enter__(self) -> Stream:
        _stack.set((*_stack.get(), self))
        return self

    def __exit__(self, *exc: object) -> None:
        _stack.set(_stack.get()[:-1])


def _keep_error(item: Ticket, exc: BaseException) -> None:
    """Keep ``exc`` for the waiters of ``item`` (the C submit's failed launch too), without the
    finished frames' locals: the error lives on in the ticket (a cycle once re-raised), and a
    partition a failed callback made would stay borrowed."""
    traceback.clear_frames(exc.__traceback__)
    item.error = exc


# A context variable, not a thread-local: each asyncio task keeps its own ``with stream:``.
_stack: ContextVar[tuple[Stream, ...]] = ContextVar("tilert_streams", default=())
_own_default = Stream()


def _run_queued_at_exit() -> None:
    """Run the default stream's queued work as the interpreter exits (errors kept for the
    waiters, as always): what each Pending never waited on runs when collected. Left queued,
    its steps hold their kernels, whose functions hold their modules' globals: a script's module
    would outlive the collection that runs its finalizers (no warning of what it left)."""
    _own_default._run_through(_own_default._launched)


atexit.register(_run_queued_at_exit)
# The default stream as the C launch path reads it (tilert/_fast_src/launch.c): None once
# torch's streams are followed, which sends launches without a ``with stream:`` to the Python.
_default: Stream | None = _own_default


def current_stream() -> Stream:
    """The innermost ``with stream:`` of this task or thread, else the default stream: torch's
    current stream once torch has started CUDA (so that ``with torch.cuda.stream(s):`` and
    torch's own ops are ordered with tilert's), else tilert's own."""
    stack = _stack.get()
    if stack:
        return stack[-1]
    followed = _torch_stream()
    return _own_default if followed is None else followed


# -- following torch's current stream ----------------------------------------------------------
_torch_raw_stream: Callable[[int], int] | None = None  # torch's: device index -> CUstream
_torch_streams: dict[int, Stream] = {}  # CUstream -> the tilert Stream wrapping it


def _follow_torch() -> bool:
    """Whether to follow torch's current stream from now on: torch is imported, has started
    CUDA, and tilert runs on the GPU. Checked until it holds (torch may be imported later)."""
    global _torch_raw_stream, _default
    torch = sys.modules.get("torch")
    if torch is None or backends.current().device_kind != "cuda":
        return False
    try:
        if not torch.cuda.is_initialized():
            return False
        raw = torch._C._cuda_getCurrentRawStream
    except AttributeError:  # a torch without CUDA
        return False
    _torch_raw_stream, _default = raw, None
    return True


def followed_torch_stream() -> Stream | None:
    """The current stream where it is torch's (followed, no ``with stream:`` around), else
    None. Importing a tensor then asks its producer to order its writes on this stream, which
    needs no synchronization (none is allowed while torch captures a CUDA graph)."""
    return None if _stack.get() else _torch_stream()


def _torch_stream() -> Stream | None:
    """torch's current stream as a tilert Stream (one per CUDA stream), None while not
    following torch."""
    if _torch_raw_stream is None and not _follow_torch():
        return None
    assert _torch_raw_stream is not None
    handle = _torch_raw_stream(_own_default.device.index)
    found = _torch_streams.get(handle)
    if found is None:
        found = _torch_streams[handle] = Stream(_handle=handle)
    return found


def as_stream(obj: Any) -> Stream:
    """Accept a tilert Stream or None (the current stream)."""
    if obj is None:
        return current_stream()
    if isinstance(obj, Stream):
        return obj
    if hasattr(obj, "__cuda_stream__"):
        if backends.current().device_kind == "cuda":
            return Stream(_cuda=obj)
        raise TypeError(
            "a CUDA stream was given but the interpret backend runs on the CPU; "
            "pass a tr.Stream() or set TILERT_BACKEND=cutile on a GPU machine"
        )
    raise TypeError(f"not a stream: {obj!r}")
