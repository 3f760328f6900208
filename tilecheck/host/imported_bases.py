"""A module class deriving from a class of another module of the checked tree (``from pkg
import Base`` or ``import pkg``; ``class Spy(Base)`` / ``class Spy(pkg.Base)``): its instances
keep the base's attributes, and the methods it does not define are the base's (their summaries
made in the base's module). Names resolve as every import does (``NameResolver``)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace

import libcst as cst

from tilecheck.host.classes import ClassInfo, ancestors
from tilecheck.names import NameResolver
from tilecheck.syntax.nodes import dotted_name


def imported_base(
    cls: cst.ClassDef,
    resolver: NameResolver,
    found: Mapping[str, ClassInfo],
    find: Callable[[str], ClassInfo | None],
) -> tuple[str, ClassInfo] | None:
    """The first base of ``cls`` that is a class of another module: as the module names it."""
    for base in cls.bases:
        dotted = dotted_name(base.value)
        if dotted is None or base.keyword is not None:
            continue
        known = found.get(dotted)
        if known is not None and known.origin is not None:
            return dotted, known
        canonical = resolver.resolve(dotted) if "." in dotted else None
        info = find(canonical) if canonical is not None else None
        if info is not None:
            return dotted, info
    return None


def inherit(own: ClassInfo, base: ClassInfo, name: str, first: bool) -> ClassInfo:
    """``own`` with the attributes ``base`` keeps: a tensor (a list of tensors, a partition)
    of either that the other gives nothing else; ``first``: ``super()`` starts at ``base``."""

    def kept(mine: Mapping[str, str], theirs: Mapping[str, str]) -> dict[str, str]:
        out = {a: r for a, r in mine.items() if a not in base.assigned or a in base.tensors}
        out.update((a, r) for a, r in theirs.items() if a not in own.assigned or a in own.tensors)
        return out

    def both(mine: frozenset[str], theirs: frozenset[str]) -> frozenset[str]:
        return frozenset(
            {a for a in mine if a not in base.assigned or a in theirs}
            | {a for a in theirs if a not in own.assigned or a in mine}
        )

    return replace(
        own,
        tensors=kept(own.tensors, base.tensors),
        containers=both(own.containers, base.containers),
        partitions=both(own.partitions, base.partitions),
        holders=own.holders | base.holders,
        properties=own.properties | base.properties,
        assigned=own.assigned | base.assigned,
        base=name if first else own.base,
        inherits=name,
    )


def with_imported_bases(
    body: cst.Module,
    resolver: NameResolver,
    found: dict[str, ClassInfo],
    find: Callable[[str], ClassInfo | None],
) -> dict[str, ClassInfo]:
    """``found`` with each module class that derives (itself or through module classes) from
    a class of another module given that class's attributes and methods."""
    classes = {s.name.value: s for s in body.body if type(s) is cst.ClassDef}
    chains = ancestors(classes)
    for name, cls in classes.items():
        if name not in found:
            continue
        for owner in (name, *chains[name]):
            base = imported_base(classes[owner], resolver, found, find)
            if base is not None:
                first = owner == name and dotted_name(cls.bases[0].value) == base[0]
                found[name] = inherit(found[name], base[1], base[0], first)
                break
    return found
