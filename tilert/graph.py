"""Graph capture and replay. ``with tr.graph() as g: g.record(op)`` captures ops without running
them; ``g.launch()`` replays them in order; the graph holds the union of their borrows until
``g.close()``, even between launches (the CPU replays by re-running the recorded ops).
``g.record(op, stream=s)`` records a concurrent branch (``tilert._core.lanes``)."""

from __future__ import annotations

import contextlib
import weakref
from collections import deque
from typing import Any

from tilert import backends
from tilert._core import nvtx, ownership
from tilert._core.capture import capturing, end_capturing, set_capturing
from tilert._core.lanes import Lanes
from tilert._core.where import user_callsite, warn_in_user_code
from tilert._launch import wait_for_writers
from tilert.backends import Captured
from tilert.errors import UnrunOpWarning
from tilert.ops import Op, Pending, chained, mark_writer
from tilert.streams import Stream, Ticket, as_stream

_Launch = tuple[weakref.ref[Pending], Stream, Ticket]  # a launch: its Pending, stream and ticket


class Graph:
    def __init__(self, stream: Any = None) -> None:
        self.where = user_callsite()
        self.stream: Stream = as_stream(stream)
        self._holder = ownership.Holder(
            f"graph captured at {self.where}",
            self.where,
            group=ownership.Group(f"the graph captured at {self.where}", "close it first"),
        )
        self._ops: list[Op] = []
        self._lanes = Lanes()  # concurrent branches: which lane each op runs on
        self._holders: list[ownership.Holder] = [self._holder]
        self._state = "new"  # new | capturing | ready | closed
        self._handoff: Any = None
        self._capture_token: Any = None
        # launches not yet waited on (close waits for them): their Pendings held weakly (one
        # dropped unwaited warns and waits, as any other does) and their tickets, for a Pending
        # collected with the graph in one cycle, whose finalizer may run after the graph's
        self._launches: deque[_Launch] = deque()
        # what the backend captured of the ops (a CUDA graph), made on the first launch; the
        # backends that capture nothing replay by running the ops' steps again
        self._captured: Captured | None = None
        self._steps_only = False
        self._touched: list[tuple[Any, bool]] = []  # (tensor, written) of the captured graph
        self._written: list[Any] = []  # the tensors of _touched it writes
        # the last replay of the captured graph: (stream, launch, ownership.FORCED then), and
        # what it touches that it no longer holds (tr.unsafe.force_release dropped)
        self._last: tuple[Stream, int, int] | None = None
        self._unheld: list[Any] = []
        self._label = "graph"
        self._into: None = None  # a graph is never absorbed (see ops._Owner)
        self._replayed = False  # the CPU replays: see _replay_steps

    def __enter__(self) -> Graph:
        if self._state != "new":
            raise RuntimeError("a graph is captured once; make a new tr.graph() to capture again")
        if capturing() is not None:
            raise RuntimeError("graphs do not nest: a capture is already in progress")
        self._state = "capturing"
        self._capture_token = set_capturing(self)
        self._handoff = ownership.handoff(self._holder)
        self._handoff.__enter__()
        return self

    def __exit__(self, exc_type: object, *exc: object) -> None:
        self._handoff.__exit__(None, None, None)
        end_capturing(self._capture_token)
        self._state = "ready"
        self._label = f"graph of {len(self._ops)} ops"  # its launches' Pendings say so
        if exc_type is not None:  # an aborted capture is never launched: release what it took
            self.close()

    def record(self, op: Op, stream: Any = None) -> Op:
        """Add ``op`` to the graph; the graph now holds its borrows. With ``stream`` (any
        stream but the graph's), ``op`` is a concurrent branch on that stream's lane: after the
        ops recorded before it, beside those recorded after it until one needs it (writes what
        it reads, or touches what it writes, and waits for it), and before the graph's end.
        Ops recorded on one stream run in order. The CPU runs every op in recorded order."""
        if self._state != "capturing":
            raise RuntimeError("g.record(op) is only allowed inside `with tr.graph() as g:`")
        op._check_runnable("record")
        if stream is not None:
            stream = as_stream(stream)
            if stream is self.stream:
                stream = None  # the graph's own lane
        self._lanes.record(len(self._ops), op._holders, chained(op), stream)
        op._take("recorded")
        op._into = weakref.ref(self)
        for h in op._holders:
            h.group = self._holder.group
        self._holders.extend(op._holders)
        # (the graph's holder, released at close with them, stands for their borrows where
        # that changes no answer: a capture of n ops over one tensor checks two borrows, not n)
        ownership.fold_into(self._holder, op._holders)
        self._ops.append(op)
        return op

    def launch(self, stream: Any = None) -> Pending:
        """Replay every recorded op in order; the Pending's wait does not release the graph's
        borrows (``close`` does). On the GPU the first launch captures the ops into a CUDA
        graph (a ``.then`` callback runs then, once) and every launch replays that graph."""
        if self._state != "ready":
            raise RuntimeError(
                "the graph is closed"
                if self._state == "closed"
                else "launch the graph after its `with tr.graph()` block"
            )
        s = as_stream(stream) if stream is not None else self.stream
        ticket = s.enqueue(self._replay)
        if not ticket.launched:
            mark_writer(self._holders, s, ticket.seq)
        pending = Pending(
            self._label,
            s,
            ticket,
            self._holders,
            _no_outputs,
            user_callsite(),
            releases=False,
        )
        launches = self._launches
        while launches and _finished(launches[0]):  # a loop replaying it keeps this short
            launches.popleft()
        launches.append((weakref.ref(pending), s, ticket))
        return pending

    def _replay_steps(self, stream: Stream) -> None:
        """The CPU's replay: run the recorded ops' steps again, in order. Ops that ``.then``
        callbacks make join the graph's holders; the first replay's stay (the graph holds the
        union), a later replay's are released when it ends (they ran: the CPU runs them in
        place), so a loop replaying the graph does not grow its borrow tables."""
        kept = len(self._holders)
        try:
            for op in self._ops:
                op._run_steps(stream)
        finally:
            if self._replayed:
                extra = self._holders[kept:]
                del self._holders[kept:]
                ownership.release_holders(extra)
            self._replayed = True

    def _replay(self, stream: Stream) -> None:
        if self._captured is None and not self._steps_only:
            self._captured = self._capture()
            self._steps_only = self._captured is None
        if self._captured is None:
            self._replay_steps(stream)
        else:
            self._replay_captured(self._captured, stream)

    def _replay_captured(self, captured: Captured, stream: Stream) -> None:
        """Launch the captured graph on ``stream`` after the last writers of what it touches.
        Once it has replayed, what it holds can have been written by nothing but its own
        replays (its borrows refuse every other writer), so a replay orders itself after the
        last one alone, and after the writers of what it no longer holds."""
        last = self._last
        if last is not None and last[2] == ownership.FORCED.value:
            if last[0] is not stream:
                stream.wait_for_launch(last[0], last[1])
            wait_for_writers(self._unheld, stream)
        else:
            wait_for_writers((t for t, _ in self._touched), stream)
            mine = {id(h) for h in self._holders}
            self._unheld = [
                t for t, _ in self._touched if not any(id(h) in mine for h in t._borrows)
            ]
        if nvtx.ENABLED:
            with nvtx.span(self._label):
                captured.launch(stream)
        else:
            captured.launch(stream)
        writer = (stream, stream._launched)
        for t in self._written:
            t._writer = writer
        self._last = (stream, stream._launched, ownership.FORCED.value)

    def _capture(self) -> Captured | None:
        """Record the ops' launches with the backend (into a CUDA graph), on a stream of its
        own; None where the backend captures nothing."""
        target = Stream()
        target._capturing = True
        backend = backends.current()
        sides: dict[int, Stream] = {}  # the streams of the branches (kept until it ends)

        def body() -> None:
            self._lanes.capture(
                self._ops,
                target,
                sides,
                lambda waiter, writer: backend.order_after(waiter, writer, writer._launched),
            )

        captured = backend.capture(target, body)
        if captured is None:  # replayed by running the steps: nothing to order or mark
            return None
        touched: dict[int, tuple[Any, bool]] = {}
        for h in self._holders:  # these include ops made by .then callbacks during the capture
            for t in ownership.holdings(h):
                seen = touched.get(id(t))
                writes = ownership.holds_exclusively(h, t)
                touched[id(t)] = (t, writes or (seen is not None and seen[1]))
        self._touched = list(touched.values())
        self._written = [t for t, written in self._touched if written]
        return captured

    def close(self) -> None:
        """Wait for outstanding launches and release everything the graph holds."""
        if self._state == "closed":
            return
        failure: BaseException | None = None
        try:
            for ref, stream, ticket in self._launches:
                p = ref()
                if p is None:  # dropped: its finalizer waited for it (or will: one cycle)
                    with contextlib.suppress(Exception):  # (the finalizer's to report)
                        stream.run_until(ticket)
                    continue
                unseen = not p._waited
                try:
                    p.wait()
                except Exception as exc:  # released all the same; reported unless seen
                    if unseen and failure is None:
                        failure = exc
            self._launches.clear()
            if self._captured is not None:
                self._captured.close()
                self._captured = None
        finally:
            ownership.release_holders(self._holders)
            self._state = "closed"
        if failure is not None:
            raise failure

    def __len__(self) -> int:
        return len(self._ops)

    def __del__(self) -> None:
        if getattr(self, "_state", "closed") != "closed":
            warn_in_user_code(
                f"graph captured at {self.where} was never closed; closing it now "
                "(call g.close() once its launches are done)",
                UnrunOpWarning,
                self.where,
            )
            try:
                self.close()
            except Exception:  # a failed launch's error was the waiter's to see
                pass


def _finished(launch: _Launch) -> bool:
    """Whether a launch needs no wait from ``close``: waited on, or dropped and so waited."""
    p = launch[0]()
    return p._waited if p is not None else launch[2].done


def _no_outputs() -> tuple[()]:
    return ()


def graph(stream: Any = None) -> Graph:
    """Start a capture: ``with tr.graph() as g: g.record(k(...))``."""
    return Graph(stream)
