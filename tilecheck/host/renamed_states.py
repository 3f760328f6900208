"""The caller's state as a body run in place starts with it, and the body's state at its end
as the caller's again (``tilecheck.host.inline``): names renamed, hidden and shown."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping

from tilecheck.host.containers import root_of
from tilecheck.host.model import Hold, Pairs, State, cover_name, pair

HIDE = " ^"  # the caller's names a name of the method's own shadows, while it runs
RETURN = " return"  # what the body's ``return``s gave (never a Python name)


class _Renamer:
    """A state's names mapped through ``names`` (each key to zero or more names): its env,
    bindings, definitions, covers and pairs."""

    def names(self, key: str) -> Iterator[str]:
        raise NotImplementedError

    def covered(self, name: str) -> frozenset[str] | None:
        """A cover's name renamed (None: gone, so the cover says nothing)."""
        return frozenset(self.names(name))

    def state(self, state: State) -> State:
        env = {n: oids for key, oids in state.env.items() for n in self.names(key)}
        bound = {n: oid for key, oid in state.bound.items() for n in self.names(key)}
        defs = {n: form for key, form in state.defs.items() for n in self.names(key)}
        return State(
            env,
            _covers(state.holds, self.covered),
            self.pairs(state.apart),
            bound,
            state.taken,
            self.pairs(state.same),
            defs,
        )

    def pairs(self, pairs: Pairs) -> Pairs:
        out: set[frozenset[str]] = set()
        for p in pairs:
            x, y = sorted(p)
            out.update(pair(a, b) for a in self.names(x) for b in self.names(y) if a != b)
        return frozenset(out)


class Renaming(_Renamer):
    """The caller's state as the callee's body starts with it: names the body binds hidden,
    each bound root's paths copied under its parameter (``obj.out`` as ``self.out``)."""

    def __init__(
        self, own: frozenset[str], hide_all: bool, roots: Mapping[str, str], me: str
    ) -> None:
        self.own, self.hide_all, self.roots, self.me = own, hide_all, roots, me

    def names(self, key: str) -> Iterator[str]:
        root = root_of(key)
        if root.startswith(" "):
            if key != RETURN:
                yield key
            return
        param = self.roots.get(root)
        # (an argument's paths are its parameter's alone while the body runs: one name each)
        if param is None or param == self.me:
            yield HIDE + key if self.hide_all or root in self.own else key
        if param is not None and (key != root or param != self.me):
            # (``self`` itself is no name in a method's analysis: its attributes are)
            yield param + key[len(root) :]


class Outward(_Renamer):
    """The callee's state at its end as the caller's: its own names gone, the hidden ones
    back, each parameter's paths its argument's again (``self.out`` as ``obj.out``)."""

    def __init__(
        self, own: frozenset[str], roots: Mapping[str, str], loops: frozenset[str], owner: str
    ) -> None:
        self.own, self.loops, self.owner = own, loops, owner
        self.param_of = {param: root for root, param in roots.items()}

    def names(self, key: str) -> Iterator[str]:
        found = self.name(key)
        if found is not None:
            yield found

    def covered(self, name: str) -> frozenset[str] | None:
        found = self.name(name)
        return frozenset({found}) if found is not None else None

    def name(self, key: str) -> str | None:
        root = root_of(key)
        if key.startswith(HIDE):
            shown = key[len(HIDE) :]
            if shown == self.owner:
                return shown  # the receiver itself (its paths come back from ``self``'s)
            return None if root_of(shown) in self.param_of.values() else shown
        if root.startswith(" "):
            return None if root in self.loops or key == RETURN else key
        arg = self.param_of.get(root)
        if arg is not None:
            return arg + key[len(root) :]
        if key == self.owner and root not in self.own:
            return key
        if root in self.own or root in self.param_of.values():
            return None
        return key


def _covers(
    holds: Mapping[int, Hold], names: Callable[[str], frozenset[str] | None]
) -> Mapping[int, Hold]:
    """``holds`` with each cover's names renamed (None: one of them is gone, nothing known)."""
    if not any(h.cover for h in holds.values()):
        return holds
    out: dict[int, Hold] = {}
    for oid, hold in holds.items():
        if hold.cover:
            renamed: set[str] | None = set()
            for marked in hold.cover:
                name = cover_name(marked)
                found = names(name)
                if found is None or renamed is None:
                    renamed = None
                    break
                mark = marked[: len(marked) - len(name)]  # ``~``: shared borrows only
                renamed |= {mark + n for n in found} if mark else found
            hold = dataclasses.replace(
                hold, cover=frozenset(renamed) if renamed is not None else None
            )
        out[oid] = hold
    return out
