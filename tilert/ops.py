"""Lazy operations. A kernel call builds an ``Op`` that holds its borrows from creation; running
it (``sync``, ``submit``, ``await``) and observing completion (``sync``, ``wait``, ``await``)
releases them. ``then`` and ``tr.zip`` build ops that run several in order on one stream."""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Generator, Sequence
from typing import Any, NoReturn, Protocol

from tilert import backends
from tilert._core import host_half, lanes, ownership
from tilert._core.capture import capturing
from tilert._core.where import user_callsite, warn_in_user_code
from tilert.errors import UnrunOpWarning
from tilert.streams import Stream, Ticket, as_stream, current_stream, launched_ticket

Step = Callable[[Stream], None]  # one piece of an op's work, run on the op's stream
Outputs = tuple[Any, ...] | Callable[[], tuple[Any, ...]]

# The group of the holders of submitted ops not yet waited on (those not in a chain, zip or
# graph): their launches are on a stream, so a later launch that only reads what they write
# runs after them (stream order, or the last-writer wait on another stream) and may borrow it
# for reading meanwhile (docs/decisions.md, "Async"). Nothing else reads it: a holder of this
# group shares nothing with another (``Holder.same_group`` asks the new holder's group).
IN_FLIGHT = ownership.Group("work submitted and not yet waited on")

# The step of a kernel's op, from (kernel, values, grid): ``_launch.LaunchStep``, set by
# tilert/_launch.py (above this layer) when it is imported. A launch's op makes its step only
# when the Python runs it (the C path launches from the op's kernel and grid: no step object).
make_launch_step: Callable[[Any, tuple[Any, ...], tuple[int, ...]], Step] | None = None


class _Owner(Protocol):
    """What an op is absorbed into (a chain, a zip, a graph): its holder list is released as
    one, so ops a ``.then`` callback makes later join the outermost owner's list."""

    @property
    def _holders(self) -> Sequence[ownership.Holder]: ...

    @property
    def _into(self) -> weakref.ref[_Owner] | None: ...


class _Lacking:
    """A name an Op lacks that users of torch, CUDA or futures reach for: reading it raises the
    AttributeError Python would, with what to write instead. A descriptor per name, not
    ``Op.__getattr__``: a class with ``__getattr__`` gets its attributes through a slower hook,
    and each ``op.sync()`` or ``op.submit()`` then makes a bound method (measured in
    benchmarks/host_overhead.py)."""

    __slots__ = ("hint", "name")

    def __init__(self, hint: str) -> None:
        self.hint = hint
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: object, owner: type | None = None) -> NoReturn:
        if obj is None:  # (the class has no such attribute either)
            raise AttributeError(f"type object 'Op' has no attribute '{self.name}'")
        raise AttributeError(f"'Op' object has no attribute '{self.name}': {self.hint}")


class _Record:
    """The slots of an op and of its Pending, in one layout: ``submit()`` of an op that nothing
    else holds (``add(z.partition(t), x, y).submit()``) may turn the op itself into its Pending
    (the C submit does, where the interpreter's reference count says only the caller's
    expression holds it), so a submitted launch makes no second object. The op's own slots are
    emptied then; the label, holders and outputs stay where they are (docs/decisions.md,
    "Async": the op as its Pending)."""

    __slots__ = (
        "__weakref__",
        "_grid",
        "_holders",
        "_into",
        "_kernel",
        "_made_steps",
        "_origin",
        "_outputs",
        "_ran_at",
        "_releases",
        "_state",
        "_ticket",
        "_waited",
        "label",
        "stream",
        "where",
    )


class Op(_Record):
    """A lazy operation: nothing runs until ``sync``, ``submit``, ``await`` or a graph launch.

    Ownership of ops goes one way, so a dropped op is freed (and releases its borrows) at once:
    what absorbs an op keeps it alive, and the op refers back to it only weakly (``_into``).

    ``holders`` hold its borrows (released on completion); ``steps`` run in order on the op's
    stream; ``outputs`` is what ``sync`` returns (the arguments of a launch, partitions spent),
    or a function computing it once the steps ran. ``origin`` is the group of the chain or graph
    whose hand-off made it (None outside one): such an op may borrow what that group holds, so
    it runs only there (returned from the callback, recorded in the graph). A kernel's launch
    gives no steps but its ``kernel`` and ``grid`` (its outputs are its values): its one step is
    made when first asked for (``_steps``)."""

    __slots__ = ()

    def __init__(
        self,
        label: str,
        holders: Sequence[ownership.Holder],
        steps: Sequence[Step] | None,
        outputs: Outputs,
        origin: ownership.Group | None = None,
        kernel: Any = None,
        grid: tuple[int, ...] = (),
    ) -> None:
        self.label = label
        self._holders = holders
        self._made_steps = steps
        self._kernel = kernel  # a kernel's launch: its kernel and grid (None for other ops)
        self._grid = grid
        self._outputs = outputs
        self._origin = origin
        # created, or what ran it (synced | submitted | awaited) or took it (chained | zipped
        # | recorded), and where (``_ran_at``): an op runs once, and a second try says how
        self._state = "created"
        self._ran_at: str | None = None
        self._into: weakref.ref[_Owner] | None = None  # what absorbed it (a chain, zip, graph)

    @property
    def _steps(self) -> Sequence[Step]:
        """The steps to run in order: a launch's one step, made the first time it is asked."""
        steps = self._made_steps
        if steps is None:
            out = self._outputs
            assert isinstance(out, tuple) and make_launch_step is not None  # (its values)
            steps = self._made_steps = (make_launch_step(self._kernel, out, self._grid),)
        return steps

    @property
    def where(self) -> str:
        """Where the op was created (file:line in the user's code)."""
        return self._holders[0].where

    # what users of other APIs reach for, and what to write instead
    wait = _Lacking(
        "an op is lazy and has not run; `.sync()` runs it and waits, or "
        "`pending = op.submit()` starts it and `pending.wait()` waits"
    )
    result = _Lacking("`.sync()` runs the op and returns its outputs")
    synchronize = _Lacking("`.sync()` runs the op and waits for it")
    done = _Lacking(
        "an op is lazy; `pending = op.submit()` starts it and `pending.done()` says "
        "whether it finished"
    )

    # -- running ----------------------------------------------------------------------------
    def sync(self) -> tuple[Any, ...]:
        """Run on the current stream and wait; returns the op's outputs."""
        return self._run_and_wait(current_stream())

    def sync_on(self, stream: Stream) -> tuple[Any, ...]:
        return self._run_and_wait(as_stream(stream))

    def _run_and_wait(self, stream: Stream) -> tuple[Any, ...]:
        """``submit().wait()`` without the Pending: the launch-overhead hot path (a kernel's
        op runs its one step directly)."""
        if capturing() is not None:
            _refuse_in_capture(self)
        if self._state != "created" or self._origin is not None:
            self._check_runnable("sync")
            self._take("synced")  # raises if it ran
        else:
            self._state = "synced"
            self._ran_at = user_callsite()
        steps = self._steps
        try:
            stream.run_now(steps[0] if len(steps) == 1 else self._run_steps)
        finally:
            ownership.release_holders(self._holders)
        out = self._outputs
        return out if isinstance(out, tuple) else out()

    def submit(self, stream: Any = None) -> Pending:
        """Queue on ``stream`` (default: the current one); borrows stay until the Pending is
        waited on (meanwhile later launches may read what it writes: they run after it)."""
        return self._submit(stream, "submitted")

    def _submit(self, stream: Any, how: str) -> Pending:
        _refuse_in_capture(self)
        s = as_stream(stream)
        self._check_runnable(_TRIED[how])
        where = self._take(how)
        if chained(self) and not backends.current().launches_at_once:
            ticket = host_half.run(self._run_steps, s)  # its callbacks now, as on a GPU
        else:
            ticket = s.enqueue(self._run_steps)
        if not ticket.launched:  # the CPU runs it later: later readers elsewhere wait for it
            mark_writer(self._holders, s, ticket.seq)
        for h in self._holders:  # on the stream, its writes marked: later readers follow it
            if h.group is None:
                h.group = IN_FLIGHT
        return Pending(self.label, s, ticket, self._holders, self._outputs, where)

    def __await__(self) -> Generator[Any, None, tuple[Any, ...]]:
        """Submit, then wait on an executor thread so the event loop keeps running."""
        pending = self._submit(None, "awaited")
        loop = asyncio.get_running_loop()
        return (yield from loop.run_in_executor(None, pending.wait).__await__())

    def then(self, fn: Callable[..., Op]) -> Op:
        """Chain: after this op, call ``fn(*outputs)`` and run the op it returns, in order on
        the same stream. Ops made by ``fn`` may use what this chain holds."""
        if not callable(fn):
            raise TypeError(f".then takes a function returning an Op, got {fn!r}")
        self._check_runnable("chain")
        where = self._take("chained")
        description = f"the chain starting with {self.label}"
        steps = self._made_steps
        last = steps[-1] if isinstance(steps, list) else None
        if type(last) is _ChainStep and last.chain.op is not None and last.chain.op() is self:
            # a chain .then made, unrun: its group, holder list and step list are its own, so
            # they grow in place (n .then calls copy and regroup nothing n times); it keeps
            # its first holder alone, whose line its messages give
            chain_run = last.chain
            group = last.holder.group
            holders = self._holders
            assert group is not None and isinstance(holders, list) and isinstance(steps, list)
            group.description = description
            self._holders = [holders[0]]
            # it is taken and never runs its steps: without them it refers to nothing of the
            # newer chain (its list held the step that holds it: each chain was a cycle, left
            # to the collector, ~8 objects an op promoted to its older generations)
            self._made_steps = ()
            holders.append(holders[0])
            chain_holder = holders[0] = ownership.Holder(f"chain of {self.label}", where, group)
            step = _ChainStep(fn, self, chain_holder, chain_run, False)
            steps.append(step)
        else:
            group = ownership.Group(description)
            for h in self._holders:
                h.group = group
            chain_holder = ownership.Holder(f"chain of {self.label}", where, group)
            chain_run = _ChainRun(chain_holder)
            step = _ChainStep(fn, self, chain_holder, chain_run, True)
            holders = [chain_holder, *self._holders]
            steps = [*self._steps, step]
        chain = Op(self.label + " .then(...)", holders, steps, step.result, self._origin)
        # the steps refer to their chain weakly: a chain dropped unrun is freed, and releases
        # its borrows, when its statement ends (as a dropped op), not when a collector finds a
        # cycle
        chain_run.op = self._into = weakref.ref(chain)
        return chain

    # -- plumbing ---------------------------------------------------------------------------
    def _result(self) -> tuple[Any, ...]:
        out = self._outputs
        return out if isinstance(out, tuple) else out()

    def _check_runnable(self, how: str) -> None:
        """An op made inside a chain's callback or a graph's capture runs only there (one that
        ran already is told so by ``_take``, which says more)."""
        origin = self._origin
        if (
            origin is not None
            and origin is not ownership.handoff_group()
            and self._state == "created"
        ):
            raise RuntimeError(
                f"{self.label} was made at {self.where} inside {origin.description}, from "
                f"what it holds: it runs only there (return it from the .then callback or "
                f"record it in the graph); cannot {how} it here"
            )

    def _take(self, how: str, where: str | None = None) -> str:
        """Mark the op run or taken (``how``: the new state) at the user's line (``where``,
        or found now), which it returns; or say how it already was."""
        if self._state != "created":
            raise RuntimeError(self._taken_twice(_TRIED[how]))
        self._state = how
        self._ran_at = where = where or user_callsite()
        return where

    def _taken_twice(self, tried: str) -> str:
        """The refusal of a second run, worded by what the user called each time."""
        state = self._state
        at = getattr(self, "_ran_at", None)  # (set with the state, in C as in Python)
        head = f"cannot {tried} {self.label} (created at {self.where}): "
        taken = _TAKEN.get(state)
        if taken is None:
            when = f"{state} at {at}" if at else state
            return f"{head}it already ran ({when}); an op runs once: make a new one to run it again"
        what, instead = taken
        where = f" at {at}" if at else ""
        return (
            f"{head}it was already {what}{where} and runs with it; an op runs once: "
            f"{instead} instead"
        )

    def _run_steps(self, stream: Stream) -> None:
        half = host_half.current()
        for step in self._steps:
            if half is None or type(step) is _ChainStep:
                step(stream)
            else:  # (a submitted chain's host half on the CPU: the launch waits its turn)
                half.queue(stream, step)

    def __del__(self) -> None:
        if getattr(self, "_state", None) == "created":
            ownership.release_holders(self._holders)
            warn_in_user_code(
                f"{self.label} created at {self.where} was never run; its borrows were released "
                "(call .sync(), .submit(), await it, or record it in a graph)",
                UnrunOpWarning,
                self.where,
            )

    def __repr__(self) -> str:
        return f"<Op {self.label} ({self._state}) created at {self.where}>"


# what a user's call tried, by the state it gives (``Op._take``)
_TRIED = {
    "synced": "sync",
    "submitted": "submit",
    "awaited": "await",
    "chained": "chain",
    "zipped": "zip",
    "recorded": "record",
}
# an op that was taken: by what, and what to run instead (by its state)
_TAKEN = {
    "chained": ("chained with .then", "run the op .then returned"),
    "zipped": ("zipped with tr.zip", "run the op tr.zip returned"),
    "recorded": ("recorded in a graph", "launch the graph"),
}


class _ChainRun:
    """What the ``.then`` steps of one chain share: the chain (weakly: the newest op of it,
    which a further ``.then`` on it replaces), and the user's line that runs it, found by its
    first step each time it runs. Every later step runs under the same call (a chain's steps
    run in one loop), so each op it takes is marked taken there without a walk of the stack."""

    __slots__ = ("holder", "op", "where")

    def __init__(self, holder: ownership.Holder) -> None:
        self.holder = holder  # the first ``.then``'s: what the ops it makes fold into
        self.op: weakref.ref[_Owner] | None = None  # (set by the ``.then`` that made it)
        self.where = "<unknown>"


class _ChainStep:
    """One ``.then`` of a chain: with the chain's group handed off, call ``fn`` on the outputs
    of what ran before (``prev``), then take the op it returns into the chain (its borrows
    folded into the chain's holder: a tensor passed along the chain keeps two borrows, not one
    per op) and run it in place, on the chain's stream. A chain's steps run in one loop, so the
    stack at each returned op's step is as deep for the last as for the second. Its ``result``
    is the chain's outputs: the returned op's."""

    __slots__ = ("chain", "first", "fn", "holder", "out", "prev")

    def __init__(
        self,
        fn: Callable[..., Op],
        prev: Op,
        holder: ownership.Holder,
        chain: _ChainRun,
        first: bool,
    ) -> None:
        self.fn, self.prev, self.holder, self.chain, self.first = fn, prev, holder, chain, first
        self.out: tuple[Any, ...]

    def __call__(self, stream: Stream) -> None:
        given = self.prev._result()
        token = ownership.enter_handoff(self.holder)
        try:
            nxt = self.fn(*given)
        finally:
            ownership.leave_handoff(token)
        if not isinstance(nxt, Op):
            raise TypeError(f"the function given to .then must return an Op, got {nxt!r}")
        chain = self.chain
        if self.first:  # (the line running the chain: each later step's is the same)
            chain.where = user_callsite()
        nxt._take("chained", chain.where)
        ref = chain.op
        assert ref is not None
        nxt._into = ref  # (what its own ``.then`` callbacks make joins the outermost too)
        holders = nxt._holders
        owner = ref()
        if owner is not None and owner._into is None:  # (the chain is the outermost owner)
            outer = owner._holders
            assert isinstance(outer, list)
            outer.extend(holders)
        else:
            _outermost(ref).extend(holders)
        lanes.before_chained(holders, stream)  # (a capture with branches: what it waits for)
        ownership.fold_into(chain.holder, holders)
        nxt._run_steps(stream)
        self.out = nxt._result()

    def result(self) -> tuple[Any, ...]:
        return self.out


def _outermost(owner_ref: weakref.ref[_Owner]) -> list[ownership.Holder]:
    """The holder list of the outermost owner: ops a ``.then`` callback makes are released
    with whatever absorbed its chain. (Alive: it runs the step, or what absorbed it keeps it.)"""
    owner = owner_ref()
    assert owner is not None
    walked: list[Any] = []  # (only ops are absorbed: each has a settable ``_into``)
    while owner._into is not None and (outer := owner._into()) is not None:
        walked.append(owner)
        owner = outer
    if len(walked) > 1:  # each points at the outermost now: a chain built by n .then calls
        to_outermost = weakref.ref(owner)  # walks n levels once, not once per step
        for inner in walked:
            inner._into = to_outermost
    holders = owner._holders
    assert isinstance(holders, list)  # (a chain's, a zip's or a graph's own, which grows)
    return holders


def mark_writer(holders: Sequence[ownership.Holder], stream: Stream, seq: int) -> None:
    """Make launch ``seq`` of ``stream`` the last writer of what ``holders`` borrow exclusively
    (the GPU backend marks its launches itself, as it makes them)."""
    writer = (stream, seq)
    for h in holders:
        for t in ownership.holdings(h):
            if ownership.holds_exclusively(h, t):
                t._writer = writer  # type: ignore[attr-defined]


def chained(op: Op) -> bool:
    """Whether ``op`` runs ``.then`` callbacks, whose ops (and their borrows) are made only as
    it runs."""
    steps = op._made_steps
    return steps is not None and any(type(s) is _ChainStep for s in steps)


def _refuse_in_capture(op: Op) -> None:
    g = capturing()
    if g is not None:
        raise RuntimeError(
            f"cannot run {op.label} while capturing a graph (started at {g.where}): "
            "record it with g.record(op) and launch the graph after the with block"
        )


class Pending(_Record):
    """A submitted op. ``wait()`` observes completion and releases its borrows; ``done()``
    only asks (it releases nothing). ``outputs`` is what ``wait`` returns, or a function
    computing it once the work ran (as an op's). ``ticket`` is the work's Ticket, or the launch
    number alone of a launch on the GPU that did not fail (the C submit's: see ``_work``). The
    C submit may make it of the op itself, where nothing else holds the op (``_Record``)."""

    __slots__ = ()

    def __init__(
        self,
        label: str,
        stream: Stream,
        ticket: Ticket | int,
        holders: Sequence[ownership.Holder],
        outputs: Outputs,
        where: str,
        releases: bool = True,
    ) -> None:
        self.label = label
        self.stream = stream
        self.where = where
        self._ticket = ticket
        self._holders = holders
        self._outputs = outputs
        self._releases = releases
        self._waited = False

    def done(self) -> bool:
        return self.stream.is_done(self._work())

    def _work(self) -> Ticket:
        """The Ticket of the work, made from the launch number where the C submit kept only
        that (a launch it made, which did not fail): no Ticket per launch on the fast path."""
        ticket = self._ticket
        if isinstance(ticket, Ticket):
            return ticket
        made = self._ticket = launched_ticket(ticket)
        return made

    def wait(self) -> tuple[Any, ...]:
        """Block until the op completed; release its borrows; return its outputs."""
        ticket = self._ticket
        if not isinstance(ticket, Ticket):
            ticket = self._work()
        try:
            self.stream.run_until(ticket)  # every waiter waits for the work itself
        except BaseException:
            if not ticket.done:  # interrupted: the work may still run, keep the borrows
                raise
        self._release_once()
        error = ticket.error
        if error is not None:  # each wait reports the failure, not only the first
            raise error
        out = self._outputs
        return out if isinstance(out, tuple) else out()

    def _release_once(self) -> None:
        """Release the borrows for the first waiter that saw the work complete (two threads
        or tasks may wait on one Pending)."""
        with ownership.LOCK:
            if not self._waited:
                self._waited = True
                if self._releases:
                    ownership.release_holders(self._holders)

    def __await__(self) -> Generator[Any, None, tuple[Any, ...]]:
        loop = asyncio.get_running_loop()
        return (yield from loop.run_in_executor(None, self.wait).__await__())

    def __del__(self) -> None:
        if not getattr(self, "_waited", True):
            # (a graph's launch releases nothing: the graph keeps its borrows until closed)
            why = " to release its borrows" if self._releases else ""
            warn_in_user_code(
                f"{self.label} submitted at {self.where} was never waited on; waiting now{why} "
                "(call .wait() on the Pending, or await it)",
                UnrunOpWarning,
                self.where,
            )
            try:
                self.wait()
            except Exception:
                pass

    def __repr__(self) -> str:
        return f"<Pending {self.label} {'done' if self.done() else 'queued'}>"


def zip(*ops: Op) -> Op:
    """One op running ``ops`` in order; its outputs are each op's outputs, as a tuple."""
    if not ops:
        raise ValueError("tr.zip needs at least one op")
    for i, op in enumerate(ops):  # every op checked before any is absorbed
        if not isinstance(op, Op):
            raise TypeError(f"tr.zip takes ops, got {op!r} as argument {i + 1}")
        if any(other is op for other in ops[:i]):
            raise ValueError(f"tr.zip: {op.label} (created at {op.where}) is given twice")
        if op._state != "created":
            op._take("zipped")  # raises: it already ran or was taken
        op._check_runnable("zip")
    group = ownership.Group("the zip")
    holder = ownership.Holder(f"zip of {len(ops)} ops", user_callsite(), group=group)
    holders = [holder]
    steps: list[Step] = []
    zipped = Op(
        "zip(" + ", ".join(op.label for op in ops) + ")",
        holders,
        steps,
        lambda: tuple(op._result() for op in ops),
        next((op._origin for op in ops if op._origin is not None), None),
    )
    for op in ops:
        op._take("zipped")
        op._into = weakref.ref(zipped)
        for h in op._holders:
            h.group = group
        holders.extend(op._holders)
        steps.extend(op._steps)
    return zipped
