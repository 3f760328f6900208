"""The state a body's analysis transforms, as ``Frame`` holds it: copied on first write (so
unchanged blocks cost nothing), with the reference counts and live holders kept current for
garbage collection, and the relations between names (``apart``, ``same``, holders' covers) kept
true as names are rebound. Apart from ``Frame`` so the bookkeeping of the state is one job and
the meaning of objects another."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TypeVar

from tilecheck.host.indices import Affine, At, Bounds
from tilecheck.host.model import (
    LIVE,
    NO_BOUND,
    NO_DEFS,
    NO_PAIRS,
    NO_TAKEN,
    NOTHING,
    OBJECT_MARK,
    SHARED_MARK,
    Hold,
    Oids,
    Pairs,
    Runs,
    State,
    copied,
    cover_name,
    held_apart,
    pair,
)

K = TypeVar("K")
V = TypeVar("V")


def _set(owned: Mapping[K, V], key: K, value: V | None) -> None:
    """Set ``key`` in a map the store owns a copy of (None: drop it)."""
    assert isinstance(owned, dict)
    if value is None:
        owned.pop(key, None)
    else:
        owned[key] = value


class Store:
    """The state being transformed (``env``, ``holds`` and the must-facts), copied on first
    write; ``Frame`` adds the objects it speaks of."""

    __slots__ = """_ever_bound _live _live_for _maybe_dead _own_defs _own_env _own_holds _own_must
    _refs _refs_for apart bound defs env gc_needed holds same taken""".split()

    def __init__(self) -> None:
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
        self.defs: Mapping[str, Affine | Bounds | At] = NO_DEFS
        self._own_env = False
        self._own_holds = False
        self._own_must = False  # ``bound`` and ``taken`` are this frame's own copies
        self._own_defs = False  # and ``defs``
        self.gc_needed = False  # ``collect`` may find something to drop

    # -- state ------------------------------------------------------------------------------
    def _load(self, state: State) -> None:
        self.env, self.holds, self.apart = state.env, state.holds, state.apart
        self.same = state.same
        self.bound, self.taken, self.defs = state.bound, state.taken, state.defs
        self._own_env = self._own_holds = self._own_must = self._own_defs = False

    def _own_facts(self) -> tuple[dict[str, int], dict[int, Runs]]:
        if not self._own_must:
            self.bound, self.taken = copied(self.bound), copied(self.taken)
            self._own_must = True
        bound, taken = self.bound, self.taken
        assert isinstance(bound, dict) and isinstance(taken, dict)
        return bound, taken

    def set_def(self, name: str, form: Affine | Bounds | At | None) -> None:
        """``name`` holds ``form`` of another name, or at least a value, on every path from
        here (None: nothing known)."""
        if self.defs.get(name) != form:
            if not self._own_defs:
                self.defs = copied(self.defs)
                self._own_defs = True
            _set(self.defs, name, form)

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
        old = before.get(name)
        if old is oids:  # the very set it holds (or no set, unbound): nothing to write, no
            return  # reference lost, and the map is not copied for it
        if not self._own_env:
            self.env = copied(self.env)
            self._own_env = True
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
            self.holds = copied(self.holds)
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

    # -- names held apart -------------------------------------------------------------------
    def unchanged(self, state: State) -> bool:
        """The frame holds the very parts of ``state`` (nothing was changed)."""
        return (
            self.env is state.env
            and self.holds is state.holds
            and self.apart is state.apart
            and self.bound is state.bound
            and self.taken is state.taken
            and self.same is state.same
            and self.defs is state.defs
        )

    def state(self) -> State:
        return State(self.env, self.holds, self.apart, self.bound, self.taken, self.same, self.defs)

    def apart_from(self, name: str, others: frozenset[str]) -> bool:
        """``name`` holds, on every path, an object none of ``others`` holds (an entry
        ``@oid``: the object itself, ``_by_object``)."""
        return all(
            _apart_from_object(self.env.get(name), other)
            if other[:1] == OBJECT_MARK
            else held_apart(self.env, self.apart, name, other)
            for other in others
        )

    def unrelate(self, name: str) -> None:
        """``name`` is rebound or deleted: what was known of the object it held no longer
        speaks of it (its pairs, and the covers of holders naming it)."""
        if any(name in p for p in self.apart):
            self.apart = frozenset(p for p in self.apart if name not in p)
        if any(name in p for p in self.same):
            self.same = frozenset(p for p in self.same if name not in p)
        item = name + "[?]"  # some item of the container ``name`` held
        mark = SHARED_MARK  # also as read only (``model.shared_cover``)
        held = self.env.get(name)
        for oid in self.live_holders():  # a released holder's cover is never read
            hold = self.holds[oid]
            cover = hold.cover
            if cover is not None and (
                name in cover or item in cover or (mark + name) in cover or (mark + item) in cover
            ):
                kept = None if item in cover or (mark + item) in cover else held
                self.set_hold(oid, dataclasses.replace(hold, cover=_by_object(cover, name, kept)))

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
        marked = {SHARED_MARK + n for n in names}
        for oid in self.live_holders():
            cover = self.holds[oid].cover
            if cover is not None and not (names.isdisjoint(cover) and marked.isdisjoint(cover)):
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
            for marked in cover:
                name = cover_name(marked)
                mark = marked[: len(marked) - len(name)]  # ``~``: shared borrows only
                takers = [t for t, s in copies if s == name]
                if name in rebound and not takers:
                    break
                if name not in rebound:
                    renamed.add(marked)
                renamed.update(mark + t for t in takers)
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


def _by_object(cover: frozenset[str], name: str, held: Oids | None) -> frozenset[str] | None:
    """A holder's cover once ``name`` in it is rebound: the objects ``name`` held, each by its
    own entry (``@oid``: ``for batch in batches`` moves on while the last turn's op still
    reads the batch it took); None where what it held is not known."""
    if not held:
        return None
    out: set[str] = set()
    for marked in cover:
        if cover_name(marked) != name:
            out.add(marked)
            continue
        mark = marked[: len(marked) - len(name)]
        out.update(f"{mark}{OBJECT_MARK}{oid}" for oid in held)
    return frozenset(out)


def _apart_from_object(mine: Oids | None, entry: str) -> bool:
    """A name holding ``mine`` holds, on every path, another object than the cover's ``entry``
    (``@oid``)."""
    return mine is not None and bool(mine) and int(entry[1:]) not in mine
