"""The in-process stand-in: a world of N ranks in one process, one thread per rank, each with
its own tensors and stream. A rank's collective step hands its input to the world and waits
until every rank has joined, then writes its own output: real collective semantics on any
backend (tensors read and written through their storage), so a test checks results against
numpy and the ownership rules without a second process or a GPU.

It is stricter than NCCL where NCCL would hang or corrupt: ranks that issue different
collectives at the same position, or that all wait on each other (a send nobody receives),
fail with a message naming each rank's call instead. A rank lets go of the streams' queue lock
while it is in the world, so the other ranks' threads run their queues meanwhile (each rank has
a stream of its own: no other thread runs its queue then)."""

from __future__ import annotations

import functools
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tilert._core.storage import read_region, write_region
from tilert.distributed.collective import Collective
from tilert.dtypes import DType
from tilert.streams import Stream
from tilert.tensor import Tensor, empty

_REDUCE: dict[str, Callable[[Any, Any], Any]] = {
    "sum": np.add,
    "avg": np.add,
    "prod": np.multiply,
    "max": np.maximum,
    "min": np.minimum,
}


@dataclass
class _Round:
    """The k-th collective of every rank: what the first rank issued, and each one's input."""

    first: Collective
    first_rank: int
    inputs: dict[int, np.ndarray[Any, Any] | None] = field(default_factory=dict)
    left: int = 0  # ranks that took their result


@dataclass
class _Letter:
    """The k-th message from one rank to another."""

    data: np.ndarray[Any, Any] | None = None
    taken: bool = False


class LocalWorld:
    """N ranks in one process (``tilert.distributed.testing.run_ranks`` starts their threads).
    ``timeout_s`` bounds a wait on ranks that are neither waiting here nor finished (blocked
    elsewhere): past it the wait fails rather than hang."""

    def __init__(self, size: int, timeout_s: float = 60.0) -> None:
        if size < 1:
            raise ValueError(f"a world has at least one rank, not {size}")
        self.size = size
        self.timeout_s = timeout_s
        self._cond = threading.Condition()
        self._issued = [0] * size
        self._rounds: dict[int, _Round] = {}
        self._sent: dict[tuple[int, int], int] = {}
        self._received: dict[tuple[int, int], int] = {}
        self._letters: dict[tuple[int, int, int], _Letter] = {}
        self._waiting: dict[int, tuple[str, Callable[[], bool]]] = {}
        self._finished: set[int] = set()
        self._failure: str | None = None

    def transport(self, rank: int) -> LocalTransport:
        if not 0 <= rank < self.size:
            raise ValueError(f"rank {rank} is outside a world of {self.size}")
        return LocalTransport(self, rank)

    # -- the ranks' lives ----------------------------------------------------------------------
    def finish(self, rank: int) -> None:
        """Rank ``rank`` will issue nothing more: ranks waiting for it fail (a deadlock)."""
        with self._cond:
            self._finished.add(rank)
            self._cond.notify_all()

    def fail(self, why: str) -> None:
        """Every rank waiting now, or later, raises ``why`` (a rank failed: no one will come)."""
        with self._cond:
            if self._failure is None:
                self._failure = why
            self._cond.notify_all()

    # -- collectives -------------------------------------------------------------------------
    def collective(self, rank: int, c: Collective) -> None:
        """Rank ``rank``'s part of its next collective: hand over the input, wait for every
        rank's, write the result."""
        with self._cond:
            k = self._issued[rank]
            self._issued[rank] = k + 1
            found = self._rounds.get(k)
            if found is None:
                found = self._rounds[k] = _Round(c, rank)
            elif _signature(found.first) != _signature(c):
                self._fail(
                    f"collective #{k} differs between ranks: rank {found.first_rank} issued "
                    f"{found.first.describe()}, rank {rank} {c.describe()} (at {c.where}); every "
                    "rank must issue the same collectives in the same order"
                )
            found.inputs[rank] = _input(c, rank)
            what = f"{c.describe()} (collective #{k}, at {c.where})"
            self._wait(rank, what, lambda: len(found.inputs) == self.size)
            if c.out is not None:
                _write(c.out, _result(c, rank, found.inputs, self.size))
            found.left += 1
            if found.left == self.size:
                del self._rounds[k]
            self._cond.notify_all()

    def send(self, rank: int, c: Collective) -> None:
        """Hand the message over and wait until the receiver took it (NCCL's send and recv
        meet: two ranks that both send first wait forever, which this reports)."""
        assert c.inp is not None and c.peer is not None
        with self._cond:
            key = _next(self._sent, rank, c.peer)
            letter = self._letters.setdefault(key, _Letter())
            letter.data = _read(c.inp)
            self._cond.notify_all()
            what = f"{c.describe()} (at {c.where})"
            self._wait(rank, what, lambda: letter.taken)
            del self._letters[key]

    def recv(self, rank: int, c: Collective) -> None:
        assert c.out is not None and c.peer is not None
        with self._cond:
            letter = self._letters.setdefault(_next(self._received, c.peer, rank), _Letter())
            what = f"{c.describe()} (at {c.where})"
            self._wait(rank, what, lambda: letter.data is not None)
            data = letter.data
            assert data is not None
            if data.dtype != c.out._np_dtype or data.size != c.out.size:
                self._fail(
                    f"rank {rank} receives {c.describe()} (at {c.where}) but rank {c.peer} "
                    f"sent {data.size} elements of {data.dtype}"
                )
            _write(c.out, data)
            letter.taken = True
            self._cond.notify_all()

    # -- waiting -------------------------------------------------------------------------------
    def _wait(self, rank: int, what: str, ready: Callable[[], bool]) -> None:
        """Wait (the lock released) until ``ready()``; fail on a deadlock, a failed rank or
        the timeout. Called holding the condition's lock."""
        deadline = time.monotonic() + self.timeout_s
        self._waiting[rank] = (what, ready)
        try:
            while not ready():
                if self._failure is not None:
                    raise RuntimeError(self._failure)
                if self._stuck():
                    self._fail("deadlock: " + self._state())
                left = deadline - time.monotonic()
                if left <= 0:
                    self._fail(f"rank {rank} waited {self.timeout_s:g} s: " + self._state())
                self._cond.wait(left)
        finally:
            del self._waiting[rank]

    def _stuck(self) -> bool:
        """Every rank is waiting here or finished, and no waiting one can go on."""
        if len(self._waiting.keys() | self._finished) < self.size:
            return False
        return not any(ready() for _, ready in self._waiting.values())

    def _state(self) -> str:
        parts = [f"rank {r} waits in {w}" for r, (w, _) in sorted(self._waiting.items())]
        parts += [f"rank {r} has finished" for r in sorted(self._finished - self._waiting.keys())]
        return "; ".join(parts)

    def _fail(self, why: str) -> None:
        self.fail(why)
        raise RuntimeError(why)


class LocalTransport:
    """One rank's end of a ``LocalWorld``."""

    needs_eager_first = False

    def __init__(self, world: LocalWorld, rank: int) -> None:
        self.world, self.rank, self.size = world, rank, world.size

    def run(self, c: Collective, stream: Stream) -> None:
        stream._cuda_synchronize()  # (a GPU's tensors: what the stream wrote is there to read)
        held = _let_go(Stream._lock)
        try:
            if c.kind == "send":
                self.world.send(self.rank, c)
            elif c.kind == "recv":
                self.world.recv(self.rank, c)
            else:
                self.world.collective(self.rank, c)
        finally:
            for _ in range(held):
                Stream._lock.acquire()

    def empty(self, shape: tuple[int, ...], dtype: type[DType], name: str | None) -> Tensor[Any]:
        """An ordinary tensor: the stand-in has no windows (its collectives copy through the
        host)."""
        return empty(shape, dtype, name=name)

    def close(self) -> None:
        self.world.finish(self.rank)


def _let_go(lock: Any) -> int:
    """Release a re-entrant lock as often as this thread holds it (threading's and tilert's C
    one both refuse a release by a thread that does not hold it); how often that was."""
    held = 0
    while True:
        try:
            lock.release()
        except RuntimeError:
            return held
        held += 1


def _next(counts: dict[tuple[int, int], int], src: int, dst: int) -> tuple[int, int, int]:
    """The key of the next message from ``src`` to ``dst`` on one end's count."""
    k = counts.get((src, dst), 0)
    counts[(src, dst)] = k + 1
    return (src, dst, k)


def _signature(c: Collective) -> tuple[object, ...]:
    """What must match between the ranks' collectives at one position (NCCL's rule)."""
    sizes = tuple(t.size for t in c.tensors)
    return (c.kind, c.op, c.peer, sizes, c.tensors[0]._np_dtype)


def _input(c: Collective, rank: int) -> np.ndarray[Any, Any] | None:
    """What rank ``rank`` contributes: a copy, so writing the output in place is safe."""
    if c.kind == "broadcast":
        return _read(c.out) if c.peer == rank else None  # type: ignore[arg-type]
    source = c.inp if c.inp is not None else c.out
    assert source is not None
    return _read(source)


def _result(
    c: Collective, rank: int, inputs: dict[int, np.ndarray[Any, Any] | None], size: int
) -> np.ndarray[Any, Any]:
    """Rank ``rank``'s output, from every rank's input (reduced in rank order)."""
    assert c.out is not None
    arrays = [inputs[r] for r in range(size)]
    if c.kind == "broadcast":
        found = arrays[c.peer]  # type: ignore[index]
        assert found is not None
        return found
    dense = [a.reshape(-1) for a in arrays if a is not None]
    if c.kind == "all_gather":
        return np.concatenate(dense).reshape(c.out.shape)
    assert c.op is not None
    total = functools.reduce(_REDUCE[c.op], dense)
    if c.op == "avg":
        total = (total / size).astype(total.dtype)
    if c.kind == "reduce_scatter":
        n = c.out.size
        total = total[rank * n : (rank + 1) * n]
    return np.asarray(total).reshape(c.out.shape)


def _read(t: Tensor[Any]) -> np.ndarray[Any, Any]:
    """``t``'s data, as ``to_numpy`` reads it but without the host's borrow check: the
    collective holding the borrow reads it."""
    if t._view is not None:
        return read_region(t._storage, t._view[1], t._np_dtype)
    out: np.ndarray[Any, Any] = np.empty(t.shape, dtype=t._np_dtype)
    t._storage.read(out)
    return out


def _write(t: Tensor[Any], data: np.ndarray[Any, Any]) -> None:
    data = np.ascontiguousarray(data, dtype=t._np_dtype).reshape(t.shape)
    if t._view is None:
        t._storage.write(data)
    else:
        write_region(t._storage, t._view[1], data)  # (contiguous: checked when the op was made)
