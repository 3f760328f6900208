"""What ``__init__`` keeps in an attribute that no code of the module reads (round 28L of issue
17). ``self.warmup = fill(tiles(self.probs), 0.0)`` in ``__init__`` (or a dataclass's
``__post_init__``), with no ``x.warmup`` read anywhere in the module (nor a string naming it,
nor ``getattr``/``vars``/``__dict__``/``attrgetter``/``asdict``: ``read_attributes``): no code
can ever run the op or wait the Pending, and tilert warns when the instance is collected. Where
the caller made the instance and only its name holds it (``Receivers._owing``), the construction
keeps what ``__init__`` stored as the caller's (``owed``: it escapes with the instance, to a
container, a second name or an unknown call), not as run or waited by the store: TC105/TC108
where ``__init__`` made it, unless something takes the instance away."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol, cast

import libcst as cst

from tilecheck.host.attribute_stores import read_attributes
from tilecheck.host.context import Context
from tilecheck.host.model import NOTHING, Kind, ObjInfo, Oids, Value, flatten
from tilecheck.host.summary import Summary
from tilecheck.syntax.index import SyntaxIndex

OWED = (Kind.PENDING, Kind.OP)  # what the caller must run or wait for


class Storing(Protocol):
    """What of the analysis (``tilecheck.host.receivers.Receivers``) this reads and sets."""

    @property
    def ctx(self) -> Context: ...

    @property
    def ran(self) -> set[int]: ...

    @property
    def waited(self) -> set[int]: ...

    @property
    def env(self) -> Mapping[str, Oids]: ...

    @property
    def created_ops(self) -> dict[int, tuple[cst.CSTNode, int]]: ...

    @property
    def created_pendings(self) -> dict[int, tuple[cst.CSTNode, int]]: ...

    @property
    def made_elsewhere(self) -> dict[int, int]: ...

    @property
    def infos(self) -> list[ObjInfo]: ...

    def site_of(self, oid: int) -> int: ...

    def store(self, path: str, value: Value) -> None: ...


def never_read(an: Storing, summary: Summary) -> frozenset[str]:
    """The attributes ``__init__`` keeps an op or Pending in that no code of the module reads."""
    stores = [attr for attr, result in summary.stores if result.kind in OWED]
    module = an.ctx.module
    read = an.ctx.index.fact(module, read_attributes) if stores and module else None
    return frozenset() if read is None else frozenset(stores).difference(read)


def store_unread(an: Storing, path: str, value: Value, unread: bool) -> None:
    """``store``; what an unread attribute keeps is not taken as run or waited there."""
    fresh = [an.site_of(o) for o in flatten(value)] if unread else []
    fresh = [s for s in fresh if s not in an.ran and s not in an.waited]
    an.store(path, value)
    an.ran.difference_update(fresh)
    an.waited.difference_update(fresh)


def owe_unread(
    an: Storing, name: str, summary: Summary, unread: frozenset[str], owed: set[int]
) -> None:
    """What ``name.attr`` holds for each unread ``attr`` is owed, made where ``__init__``'s one
    kernel call or submit for it is."""
    for attr, result in summary.stores:
        if attr not in unread or len(result.sites) != 1 or summary.statement is None:
            continue
        made = an.created_ops if result.kind is Kind.OP else an.created_pendings
        (site,) = result.sites
        for oid in an.env.get(f"{name}.{attr}", NOTHING):
            if an.infos[oid].kind is result.kind:
                made[oid] = (site, 0)
                an.made_elsewhere[oid] = summary.statement
                owed.add(oid)


def unread_attribute(an: Storing, attr: str) -> bool:
    """No code of the module reads ``attr`` (``read_attributes``)."""
    module = an.ctx.module
    read = an.ctx.index.fact(module, read_attributes) if module is not None else None
    return read is not None and attr not in read


# Code that may read any name.
_OPAQUE = frozenset({"globals", "locals", "vars", "eval", "exec"})


def unread_names(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[str]:
    """The names ``scope`` (a function, or the module) binds only as the whole target of plain
    assignments and names nowhere else (nested scopes included; none where code may read any
    name, or, in a function, that ``global``/``nonlocal`` declares): a container kept there
    is never read, so the Pendings and ops in it are never waited or run (round 28L)."""
    targets: set[int] = set()
    bound: set[str] = set()
    named: set[str] = set()
    for node in index.nodes(scope):
        kind = type(node)
        if kind is cst.Assign:
            for target in cast(cst.Assign, node).targets:
                if type(target.target) is cst.Name:
                    targets.add(id(target.target))
                    bound.add(target.target.value)
        elif kind is cst.Name:
            name = cast(cst.Name, node)
            if name.value in _OPAQUE:
                return frozenset()
            if id(node) not in targets:
                named.add(name.value)
        elif kind is cst.Global or kind is cst.Nonlocal:
            named.update(n.name.value for n in cast(cst.Global, node).names)
    return frozenset(bound - named)
