"""A construction's own code run on what it is given (round 34E).

``__init__``: its host uses of its parameters (``self.mean = float(t.to_numpy().mean())``) are
applied at the construction to the arguments, before they go on (kept in the instance's
fields or given away as to unknown code): a tensor still written by an op in flight is found at
the read inside ``__init__``. Only where nothing it is given can be waited by it first: no op,
Pending or graph among the arguments but those it only keeps as given (``self.p = p``) or
never names.


A ``@dataclass`` with a ``__post_init__`` (and no ``__init__`` of its own): the generated
``__init__`` sets the fields to the arguments, then calls ``__post_init__`` on the instance.
``Sample(rid, logits, pending)`` with ``logits`` still written by an op in flight and a
``__post_init__`` that reads ``self.logits.to_numpy()`` reads the tensor there: the summary of
``__post_init__`` is applied as a method call on a receiver whose attributes are the fields
the construction keeps (``tilecheck.host.object_fields``), so the read is found at its line
inside the class (the construction's line is where it runs), a wait there
(``self.pending.wait()``) releases the caller's Pending, and what it stores over a field is the
field's value after the construction. Fields it does not keep (a class of another module, an
unkept parameter) are given away as before."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.classes import ClassInfo
from tilecheck.host.messages import Use
from tilecheck.host.model import NOTHING, Kind, Oids, Value, flatten
from tilecheck.host.summary import Summary, Target

# The receiver name the fields are kept under while the setup runs (no name a user writes).
RECEIVER = " setup"


class Constructing(Protocol):
    """What the setup run reads of the analysis (``tilecheck.host.object_graphs``)."""

    env: Mapping[str, Oids]
    instances: dict[str, str]
    _based: set[str]
    setting_up: cst.Call | None

    def stored(self, path: str) -> Value | None: ...
    def store(self, path: str, value: Value) -> None: ...
    def set_env(self, name: str, oids: Oids | None) -> None: ...
    def drop_paths(self, name: str) -> None: ...
    def kinds(self, oids: Oids, kind: Kind) -> list[int]: ...
    def call_summary(self, call: cst.Call, summary: Summary, receiver: str | None) -> Value: ...
    def summary_uses(
        self,
        call: cst.Call,
        summary: Summary,
        receiver: str | None,
        bound: dict[int, tuple[cst.Arg, Value]],
        tensors_of: dict[int, Oids],
        uses: frozenset[tuple[Target, Use]],
        used_at: tuple[tuple[Target, cst.CSTNode], ...],
    ) -> None: ...


def run_setup(
    an: Constructing,
    call: cst.Call,
    info: ClassInfo,
    summary: Summary | None,
    fields: dict[str, Value],
) -> dict[str, Value] | None:
    """Run ``info``'s ``__post_init__`` (``summary``) on an instance whose attributes are
    ``fields``; the fields after it (what it stores over one replaces it), or None where the
    class has no such setup or no summary of it (nothing run)."""
    if info.setup != "__post_init__" or summary is None or summary.positional > 1:
        return None
    if not any(flatten(held) for held in fields.values()):
        return None  # (nothing followed is given: ``initialized`` applies its effects)
    an.instances[RECEIVER] = info.name
    an._based.add(RECEIVER)
    for attr, held in sorted(fields.items()):
        path = f"{RECEIVER}.{attr}"
        oids = flatten(held)
        if oids and len(an.kinds(oids, Kind.TENSOR)) == len(oids):
            an.set_env(path, oids)
        else:
            an.store(path, held)
    # what it stores in other attributes (a Pending it submits, an op it makes) is
    # ``Receivers.initialized``'s, once the instance has its name (made there once)
    stores = tuple((attr, result) for attr, result in summary.stores if attr in fields)
    before, an.setting_up = an.setting_up, call
    try:
        an.call_summary(call, dataclasses.replace(summary, stores=stores), RECEIVER)
    finally:
        an.setting_up = before
    after: dict[str, Value] = {}
    for attr in sorted(fields):
        now = an.stored(f"{RECEIVER}.{attr}")
        after[attr] = now if now is not None else NOTHING
    an.drop_paths(RECEIVER)
    an.instances.pop(RECEIVER, None)
    an._based.discard(RECEIVER)
    return after


_HOLDERS = (Kind.OP, Kind.PENDING, Kind.GRAPH)
_USES = (Use.READ, Use.WRITE)


def init_uses(
    an: Constructing,
    call: cst.Call,
    summary: Summary | None,
    values: list[Value],
    kept: frozenset[str],
) -> None:
    """``Cls(...)`` runs ``__init__`` (``summary``) on ``values``: its host reads and writes of
    its parameters, checked on what the call gives them (reported inside it where certain);
    ``kept``: the parameters it only keeps as given."""
    if summary is None or summary.waited:
        return
    uses = frozenset(u for u in summary.uses if u[0][0] == "param" and u[1] in _USES)
    if not uses:
        return
    bound: dict[int, tuple[cst.Arg, Value]] = {}
    for position, (arg, value) in enumerate(zip(call.args, values, strict=True), 1):
        if arg.star:
            return
        index = position
        if arg.keyword is not None:
            if arg.keyword.value not in summary.names:
                return
            index = summary.names.index(arg.keyword.value)
        elif position >= summary.positional:
            return
        name = summary.names[index]
        if index not in summary.untouched and name not in kept:
            if any(an.kinds(flatten(value), kind) for kind in _HOLDERS):
                return  # (it may wait for what it is given before it reads)
        bound[index] = (arg, value)
    tensors_of = {
        index: frozenset(an.kinds(flatten(value), Kind.TENSOR))
        for index, (_, value) in bound.items()
    }
    an.summary_uses(call, summary, None, bound, tensors_of, uses, summary.used_at)
