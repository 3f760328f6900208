"""The abstract store of one body's analysis: the objects it has met (by creation site), the
state being transformed (copied on first write, so unchanged blocks cost nothing), binding and
dropping names as CPython would, and recording findings."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TypeVar

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN, OP_NEVER_RUN, PENDING_NEVER_WAITED
from tilecheck.flow.cfg import Element
from tilecheck.host import api, messages
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding, FindingSink
from tilecheck.host.model import (
    LIVE,
    NO_BOUND,
    NO_PAIRS,
    NO_TAKEN,
    NOTHING,
    Borrow,
    Hold,
    Kind,
    ObjInfo,
    Oids,
    Packed,
    Pairs,
    Runs,
    State,
    Value,
    flatten,
    held_apart,
    pair,
)

# The env's entry for the holders that closures made so far name (never a Python name): what a
# closure names stays held, as the closure refers to it, until something that may run the
# closure is called.
CLOSURES = " closures"

K = TypeVar("K")
V = TypeVar("V")

Output = tuple[frozenset[Borrow], Oids]  # one launch argument: its partitions' borrows, tensors


def _set(owned: Mapping[K, V], key: K, value: V | None) -> None:
    """Set ``key`` in a map the frame owns a copy of (None: drop it)."""
    assert isinstance(owned, dict)
    if value is None:
        owned.pop(key, None)
    else:
        owned[key] = value


class Frame:
    """Objects, state and findings of one body; ``Ownership`` adds tilert's effects on them and
    ``BodyAnalysis`` the interpretation of the syntax."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.infos: list[ObjInfo] = []
        self._oid_of: dict[tuple[Kind, object], int] = {}
        self._made: set[int] = set()  # objects ``fresh`` has made at least once
        self._summary: dict[int, int] = {}  # a site's object -> its summary object
        self.primary: dict[int, int] = {}  # a summary object -> its site's object
        self.children: dict[int, set[int]] = {}  # an object -> the loop elements standing for it
        self.created_ops: dict[int, tuple[cst.CSTNode, int]] = {}  # op -> (site, statement)
        self.created_pendings: dict[int, tuple[cst.CSTNode, int]] = {}
        self.ran: set[int] = set()  # ops run, handed on or escaped, on some path
        self.waited: set[int] = set()  # pendings waited on or escaped, on some path
        # A launch -> what ``sync`` returns: per argument, the borrows of the partitions it
        # passed (returned spent) or the tensors it passed.
        self.outputs: dict[cst.CSTNode, tuple[Output, ...]] = {}
        self.sink = FindingSink()
        self.env: Mapping[str, Oids] = {}
        self.holds: Mapping[int, Hold] = {}
        self.apart: Pairs = NO_PAIRS
        self.same: Pairs = NO_PAIRS
        self._ever_bound: set[int] = set()  # objects some name was ever ``bound`` to
        # How many names refer to each object, counted for the environment ``_refs_for``.
        self._refs: dict[int, int] = {}
        self._refs_for: Mapping[str, Oids] | None = None
        self._maybe_dead: set[int] = set()  # objects to look at in the next ``collect``
        # The live holders (in the order of ``holds``), for the holders map ``_live_for``.
        self._live: dict[int, None] = {}
        self._live_for: Mapping[int, Hold] | None = None
        self.bound: Mapping[str, int] = NO_BOUND
        self.taken: Mapping[int, Runs] = NO_TAKEN
        self._own_env = False
        self._own_holds = False
        self._own_must = False  # ``bound`` and ``taken`` are this frame's own copies
        # TC110's and TC111's verdicts per (code, element, node): the finding, or None. Each
        # visit overwrites the last, so what remains is the verdict of the fixed point (they
        # rest on must-facts, which shrink as the solver iterates).
        self.verdicts: dict[
            tuple[str, int, cst.CSTNode], tuple[tuple[int, int], Finding | None]
        ] = {}
        # A TC110 node inside the call that raises for it (an argument of ``tr.zip``): the op
        # that call would make is never made, so it is no TC105 (nor a Pending, TC108).
        self.rerun_call: dict[cst.CSTNode, cst.CSTNode] = {}
        self.element: Element | None = None
        self.made_here: set[int] = set()  # objects made by the element being interpreted
        self.tick = 0
        self.gc_needed = False
        # Partitions made while a launch's arguments are evaluated: inside one call, aliasing
        # is TC101's business, not TC104's.
        self.launch_scope: set[int] | None = None
        # Names the function declares ``global`` or ``nonlocal``: a value bound to one is
        # stored outside it, as an attribute is.
        self.outer_names: frozenset[str] = frozenset()
        # Code that may not run (a comprehension's body: no must-fact is made there) and code
        # that may run later, elsewhere (a generator expression's: no TC110/TC111 there).
        self.maybe = 0
        self.lazy = 0

    # -- findings --------------------------------------------------------------------------
    def findings(self) -> list[Finding]:
        """What was found, TC105 and TC108 included (known only once every path was seen)."""
        by_node: dict[tuple[str, cst.CSTNode], list[tuple[tuple[int, int], Finding | None]]]
        by_node = {}
        for (code, _, node), verdict in self.verdicts.items():
            by_node.setdefault((code, node), []).append(verdict)
        refused: set[cst.CSTNode] = set()  # calls that raise (TC110) and so make nothing
        for key, verdicts in by_node.items():
            # a node met in several elements (a ``finally`` body, copied per way out) is a
            # finding only if it is one in each
            if all(found is not None for _, found in verdicts):
                order, kept = min(verdicts, key=lambda v: v[0])
                assert kept is not None
                self.sink.add(key, order, kept)
                if key[0] == OP_ALREADY_RUN:
                    refused.add(self.rerun_call.get(key[1], key[1]))
        for op, (site, top) in self.created_ops.items():
            if op not in self.ran and site not in refused:
                finding = messages.never_run(site, self.infos[op])
                self.sink.add((OP_NEVER_RUN, op), (-1, op), dataclasses.replace(finding, top=top))
        for pending, (site, top) in self.created_pendings.items():
            if pending not in self.waited and site not in refused:
                finding = messages.never_waited(site)
                self.sink.add(
                    (PENDING_NEVER_WAITED, pending),
                    (-1, pending),
                    dataclasses.replace(finding, top=top),
                )
        return self.sink.findings()

    # -- state ------------------------------------------------------------------------------
    def _load(self, state: State) -> None:
        self.env, self.holds, self.apart = state.env, state.holds, state.apart
        self.same = state.same
        self.bound, self.taken = state.bound, state.taken
        self._own_env = self._own_holds = self._own_must = False

    def _own_facts(self) -> tuple[dict[str, int], dict[int, Runs]]:
        if not self._own_must:
            self.bound, self.taken = dict(self.bound), dict(self.taken)
            self._own_must = True
        bound, taken = self.bound, self.taken
        assert isinstance(bound, dict) and isinstance(taken, dict)
        return bound, taken

    def set_bound(self, name: str, oid: int | None) -> None:
        """``name`` holds ``oid`` on every path from here (None: nothing known)."""
        if self.bound.get(name) != oid:
            _set(self._own_facts()[0], name, oid)
            if oid is not None:
                self._ever_bound.add(oid)

    def set_taken(self, op: int, runs: Runs | None) -> None:
        """The op (its site's latest) was run on every path, at ``runs`` (None: not known)."""
        if self.taken.get(op) != runs:
            _set(self._own_facts()[1], op, runs)

    def forget_object(self, oid: int) -> None:
        """``oid`` now stands for another object (its site made a new one): the must-facts
        about the previous one no longer speak of it."""
        if oid in self.taken:
            self.set_taken(oid, None)
        if oid in self._ever_bound:
            for name in [n for n, o in self.bound.items() if o == oid]:
                self.set_bound(name, None)

    def set_env(self, name: str, oids: Oids | None) -> None:
        before = self.env
        if not self._own_env:
            self.env = dict(self.env)
            self._own_env = True
        old = before.get(name)
        if old:
            self._maybe_dead.update(old)  # what may have lost its last reference
        if self._refs_for is before:  # keep the reference counts of ``collect`` current
            refs = self._refs
            for oid in old or NOTHING:
                refs[oid] -= 1
            for oid in oids or NOTHING:
                refs[oid] = refs.get(oid, 0) + 1
            self._refs_for = self.env
        self._put(self.env, name, oids)

    def set_hold(self, oid: int, hold: Hold | None) -> None:
        before = self.holds
        if hold is not None and oid not in before:
            self._maybe_dead.add(oid)  # a new holder: perhaps made and not kept
        if not self._own_holds:
            self.holds = dict(self.holds)
            self._own_holds = True
        self._put(self.holds, oid, hold)
        if self._live_for is before:  # keep the index of live holders current
            if hold is not None and hold.status & LIVE:
                self._live[oid] = None
            else:
                self._live.pop(oid, None)
            self._live_for = self.holds

    def live_holders(self) -> list[int]:
        """The holders that hold their borrows (most of a long body's are released ones)."""
        if self._live_for is not self.holds:
            self._live = {oid: None for oid, hold in self.holds.items() if hold.status & LIVE}
            self._live_for = self.holds
        return list(self._live)

    def _put(self, owned: Mapping[K, V], key: K, value: V | None) -> None:
        """``_set`` in ``env`` or ``holds``: what is still referenced may have changed."""
        _set(owned, key, value)
        self.gc_needed = True

    def collect(self) -> None:
        """Drop what no name refers to any more, as CPython would: an unconsumed partition,
        an unrun op, an unwaited pending or an open graph releases its borrows when dropped."""
        self.gc_needed = False
        # Only what lost a reference, or was made, since the last collection can have none:
        # every state the solver hands over was collected (a merge drops no reference).
        candidates = [o for o in self._maybe_dead if o in self.holds]
        self._maybe_dead.clear()
        if not candidates:
            return
        if self._refs_for is not self.env:  # counted once per environment, then kept current
            self._refs = {}
            for oids in self.env.values():
                for oid in oids:
                    self._refs[oid] = self._refs.get(oid, 0) + 1
            self._refs_for = self.env
        refs = self._refs
        for oid in candidates:
            if not refs.get(oid):
                self.set_hold(oid, None)
        self._maybe_dead.clear()
        self.gc_needed = False

    # -- objects ----------------------------------------------------------------------------
    def obj(
        self,
        kind: Kind,
        key: object,
        site: cst.CSTNode | None,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
    ) -> int:
        """The object id of the abstract object made at ``key`` (a site or a name)."""
        oid = self._oid_of.get((kind, key))
        if oid is None:
            oid = len(self.infos)
            seq = self.element.seq if self.element is not None and site is not None else -1
            self.infos.append(ObjInfo(oid, kind, site, label, group, rank, seq=seq))
            self._oid_of[(kind, key)] = oid
        return oid

    def fresh(
        self,
        kind: Kind,
        site: cst.CSTNode,
        label: str,
        *,
        group: int | None = None,
        rank: int | None = None,
        key: object = None,
    ) -> int:
        """A new object made at ``site`` (recency abstraction: the object this site made
        before, if the state still has it, becomes the site's summary object, so a loop's
        new tensor or op is never confused with the previous iteration's)."""
        oid = self.obj(kind, site if key is None else key, site, label, group=group, rank=rank)
        self.made_here.add(oid)
        if oid in self._made:
            self.retire(oid)
        else:
            self._made.add(oid)
        self.forget_object(oid)
        return oid

    def retire(self, oid: int) -> None:
        summary = self._summary.get(oid)
        if summary is None:
            summary = len(self.infos)
            self.infos.append(dataclasses.replace(self.infos[oid], oid=summary))
            self._summary[oid] = summary
            self.primary[summary] = oid
            for parent in self.infos[oid].parents:
                self.children.setdefault(parent, set()).add(summary)
        self.forget_object(oid)
        for name, oids in list(self.env.items()):
            if oid in oids:
                self.set_env(name, (oids - {oid}) | {summary})
        for holder, hold in list(self.holds.items()):
            if any(b.tensor == oid for b in hold.borrows):
                borrows = frozenset(
                    Borrow(summary, b.exclusive) if b.tensor == oid else b for b in hold.borrows
                )
                self.set_hold(holder, dataclasses.replace(hold, borrows=borrows))
        current = self.holds.get(oid)
        if current is not None:
            older = self.holds.get(summary)
            self.set_hold(summary, current if older is None else older.join(current))
            self.set_hold(oid, None)

    def site_of(self, oid: int) -> int:
        """The object made at the same site as ``oid`` (itself, unless a summary or a loop's
        element, which stands for what it was taken from)."""
        while oid in self.primary:
            oid = self.primary[oid]
        return oid

    def is_live(self, oid: int) -> bool:
        hold = self.holds.get(oid)
        return hold is not None and hold.live

    def kinds(self, oids: Oids, kind: Kind) -> list[int]:
        return [o for o in oids if self.infos[o].kind is kind]

    # -- reporting --------------------------------------------------------------------------
    def order(self) -> tuple[int, int]:
        self.tick += 1
        return (self.element.seq if self.element else 0, self.tick)

    def report(self, key: object, finding: Finding) -> None:
        top = self.element.top if self.element is not None else 0
        self.sink.add(key, self.order(), dataclasses.replace(finding, top=top))

    def site(self, call: cst.CSTNode) -> tuple[cst.CSTNode, int]:
        """A creation site, with the body statement it is in (for positions)."""
        return call, self.element.top if self.element is not None else 0

    def holder_name(self, oid: int) -> str | None:
        for name, oids in sorted(self.env.items()):
            if oid in oids and name != CLOSURES and "[" not in name and " " not in name:
                return name
        return None

    def current_group(self) -> int | None:
        """The graph whose ``with`` block the current element is in, if any."""
        if self.element is None:
            return None
        for item in reversed(self.element.withs):
            expr = item.item
            if isinstance(expr, cst.Call) and self.ctx.callee(expr.func).canonical == api.GRAPH:
                return self.obj(Kind.GRAPH, expr, expr, "graph")
            if isinstance(expr, cst.Name):
                for o in self.env.get(expr.value, NOTHING):
                    if self.infos[o].kind is Kind.GRAPH:
                        return o
        return None

    # -- binding ----------------------------------------------------------------------------
    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        if isinstance(target, cst.Name):
            self.bind_name(target.value, value)
        elif isinstance(target, (cst.Tuple, cst.List)):
            elements = target.elements
            if (
                isinstance(value, Packed)
                and len(value.items) == len(elements)
                and not any(isinstance(e, cst.StarredElement) for e in elements)
            ):
                for element, item in zip(elements, value.items, strict=True):
                    self.bind(element.value, item)
            else:
                self.escape(value)
                for element in elements:
                    self.bind(element.value, NOTHING)
        elif isinstance(target, cst.StarredElement):
            self.escape(value)
            self.bind(target.value, NOTHING)
        else:  # an attribute or a subscript: stored away where the analysis does not follow
            self.escape(value)

    def bind_name(self, name: str, value: Value) -> None:
        if name in self.outer_names:
            self.escape(value)  # its tensors stay tracked here
        if not isinstance(value, frozenset):
            self.escape(value)  # a container kept whole, where it is not followed
            value = NOTHING
        self.unrelate(name)
        if name in self.bound:
            self.set_bound(name, None)
        free = self.retire_free(name)
        if value:
            self.set_env(name, value)
            for oid in value:  # a new tensor takes the name it is first bound to
                info = self.infos[oid]
                if info.kind is Kind.TENSOR and info.label == "tensor":
                    self.infos[oid] = dataclasses.replace(info, label=f"`{name}`")
        elif free is not None:
            # an untracked name rebound to something untracked (``for z in zs``): its new value
            # is the name's free object again, the previous one now its summary
            self.set_env(name, frozenset({free}))
        elif name in self.env:
            # rebound to something untracked: a new identity, so a later ``name.partition()``
            # is not mistaken for the old value's
            assert self.element is not None
            node = self.element.node
            fresh = self.fresh(Kind.TENSOR, node, f"`{name}`", key=("rebound", node, name))
            self.set_env(name, frozenset({fresh}))

    def retire_free(self, name: str) -> int | None:
        """``name`` is rebound: the untracked value it held when first used as a tensor (its
        free object, if it may still hold it) lives on only in other names and holders, as
        that object's summary (recency, as ``fresh``), so a loop target (``for z in zs``) of
        one iteration is never confused with the previous iteration's, kept in ``prev = z``.
        Returns the free object it retired."""
        free = self._oid_of.get((Kind.TENSOR, ("free", name)))
        if free is None or free not in self.env.get(name, NOTHING):
            return None
        self.retire(free)
        return free

    # -- names held apart -------------------------------------------------------------------
    def state(self) -> State:
        return State(self.env, self.holds, self.apart, self.bound, self.taken, self.same)

    def apart_from(self, name: str, others: frozenset[str]) -> bool:
        """``name`` holds, on every path, an object none of ``others`` holds."""
        return all(held_apart(self.env, self.apart, name, other) for other in others)

    def unrelate(self, name: str) -> None:
        """``name`` is rebound or deleted: what was known of the object it held no longer
        speaks of it (its pairs, and the covers of holders naming it)."""
        if any(name in p for p in self.apart):
            self.apart = frozenset(p for p in self.apart if name not in p)
        if any(name in p for p in self.same):
            self.same = frozenset(p for p in self.same if name not in p)
        for oid in self.live_holders():  # a released holder's cover is never read
            hold = self.holds[oid]
            if hold.cover is not None and name in hold.cover:
                self.set_hold(oid, dataclasses.replace(hold, cover=None))

    def relate(
        self, copies: list[tuple[str, str | None]], before: Pairs, old: dict[str, Oids]
    ) -> None:
        """After one assignment that bound each name of ``copies`` to what the name beside it
        held (None: something else), all at once as in ``a, b = b, a``: each copy is apart from
        what its source was apart from. ``before``/``old``: the pairs and the sources'
        may-sets before the assignment."""
        bound = {target for target, _ in copies}
        added: set[frozenset[str]] = set()
        for target, source in copies:
            if source is None:
                continue
            for p in before:
                if source in p:
                    (other,) = p - {source}
                    if other not in bound and other != target:
                        added.add(pair(target, other))
            for target2, source2 in copies:
                if (
                    source2 is not None
                    and target2 != target
                    and held_apart(old, before, source, source2)
                ):
                    added.add(pair(target, target2))
        if added:
            self.apart = self.apart | added

    def covers_of(self, names: set[str]) -> dict[int, frozenset[str]]:
        """The covers (``Hold.cover``) that name one of ``names``, before they are rebound."""
        if not names:
            return {}
        out: dict[int, frozenset[str]] = {}
        for oid in self.live_holders():
            cover = self.holds[oid].cover
            if cover is not None and not names.isdisjoint(cover):
                out[oid] = cover
        return out

    def rename_covers(
        self, covers: dict[int, frozenset[str]], copies: list[tuple[str, str | None]]
    ) -> None:
        """After ``a, b = b, a`` (``copies``): a holder whose tensors ``b`` covered is now
        covered by ``a``, the name that took ``b``'s value. A covering name rebound to
        something no name copied leaves the cover unknown (as ``unrelate`` left it)."""
        rebound = {target for target, _ in copies}
        for oid, cover in covers.items():
            hold = self.holds.get(oid)
            if hold is None:
                continue
            renamed: set[str] = set()
            for name in cover:
                takers = [t for t, s in copies if s == name]
                if name in rebound and not takers:
                    break
                if name not in rebound:
                    renamed.add(name)
                renamed.update(takers)
            else:
                self.set_hold(oid, dataclasses.replace(hold, cover=frozenset(renamed)))

    def alias(self, copies: list[tuple[str, str | None]]) -> None:
        """After ``prev = pend``: the two hold one object (``State.same``)."""
        bound = {target for target, _ in copies}
        added = {
            pair(target, source)
            for target, source in copies
            if source is not None and source not in bound and source != target
        }
        if added:
            self.same = self.same | added

    def delete(self, target: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            self.unrelate(target.value)
            if target.value in self.bound:
                self.set_bound(target.value, None)
            if target.value in self.env:
                self.set_env(target.value, None)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for element in target.elements:
                self.delete(element.value)

    def escape(self, value: Value) -> None:
        """The value goes where the analysis does not follow (a container, an attribute, an
        unknown call, the caller): its ops count as run, its pendings as waited on, and the
        borrows they hold are no longer tracked."""
        for oid in flatten(value):
            kind = self.infos[oid].kind
            if kind is Kind.TENSOR:
                continue
            if kind is Kind.OP:
                self.ran.add(self.site_of(oid))
            elif kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            if oid in self.holds:
                self.set_hold(oid, None)

    def close_over(self, oids: Oids) -> None:
        """A closure names these: its ops may be run and its pendings waited on when it is
        called (no TC105/TC108), but until then they hold their borrows."""
        kept: set[int] = set()
        for oid in oids:
            if not self.is_live(oid):
                self.escape(frozenset({oid}))
                continue
            kind = self.infos[oid].kind
            if kind is Kind.OP:
                self.ran.add(self.site_of(oid))
            elif kind is Kind.PENDING:
                self.waited.add(self.site_of(oid))
            kept.add(oid)
        held = self.env.get(CLOSURES, NOTHING)
        if not kept <= held:
            self.set_env(CLOSURES, held | kept)

    def call_closures(self) -> None:
        """Something that may run a closure made here is called (an unknown function, the
        closure itself, a ``.then``): what closures name escapes now."""
        held = self.env.get(CLOSURES)
        if held:
            self.set_env(CLOSURES, None)
            self.escape(held)

    def free_tensor(self, expr: cst.BaseExpression) -> int | None:
        """A name the analysis had not tracked, now used as a tensor (a parameter, a global)."""
        if not isinstance(expr, cst.Name):
            return None
        tensor = self.obj(Kind.TENSOR, ("free", expr.value), None, f"`{expr.value}`")
        self.unrelate(expr.value)
        self.set_env(expr.value, frozenset({tensor}))
        return tensor
