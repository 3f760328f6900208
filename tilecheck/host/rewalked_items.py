"""A container of ops walked a second time (round 37E). ``for op in ops: op.sync()`` that ran
every item (``ItemRuns.loop_done``: every op it took is run from there on) leaves the ops in the
list; a later ``for op in ops: op.sync()`` takes one of them at its first step, so its run
raises (TC110) whichever item that step takes. Each step's ``op`` holds a copy of the item it
takes (``Loops.materialize``), never the op itself, so the name check of ``Verdicts`` does not
see the run: this module maps the copies back to the items.

Only a loop of this scope whose target is never rebound (``zipped_items.loop_runs``), over a
container this function's names hold, named only where the analysis follows it, every item of
which is known (no ``ops[?]`` marker) and is an op run or handed on on every path, concludes.
A container given to unknown code, or walked after an append of a fresh op, says nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host import messages
from tilecheck.host.findings import Finding
from tilecheck.host.model import Kind, ObjInfo, Oids, Runs, Value, flatten
from tilecheck.host.zipped_items import loop_runs


class ItemRuns(Protocol):
    """What is used of ``tilecheck.host.item_runs.ItemRuns`` (imports go one way)."""

    _zip_walks: dict[int, dict[int, str]]
    infos: list[ObjInfo]
    scope_node: cst.FunctionDef | None
    module_node: cst.Module | None
    lazy: int

    @property
    def env(self) -> Mapping[str, Oids]: ...
    @property
    def taken(self) -> Mapping[int, Runs]: ...
    def local_container(self, path: str) -> bool: ...
    def _followed(self, name: str) -> bool: ...


def rewalked(
    an: ItemRuns, expr: cst.Name, value: Value, node: cst.CSTNode, how: str
) -> Finding | None:
    """TC110 at ``node`` (``op.sync()`` in a walk of a list every item of which was run), or
    None where that is not known on every path."""
    if an.lazy or not an.taken:
        return None
    scope = an.scope_node or an.module_node
    if scope is None:
        return None
    walks = an._zip_walks.get(id(scope))
    if walks is None:
        walks = an._zip_walks[id(scope)] = loop_runs(scope)
    base = walks.get(id(node))
    if base is None:
        return None
    contents = an.env.get(base + "[*]")
    held = flatten(value)
    if not contents or not held or base + "[?]" in an.env:
        return None
    if not an.local_container(base + "[*]") or not an._followed(base):
        return None
    infos, taken = an.infos, an.taken
    if not all(infos[o].kind is Kind.OP and o in taken for o in contents):
        return None
    items: set[int] = set()
    for o in held:  # the step's copy of an item
        origins = infos[o].parents & contents if o not in contents else {o}
        if infos[o].kind is not Kind.OP or not origins:
            return None
        items |= origins
    op = min(items)
    ordered = [(n, w) for _, n, w, _ in sorted(taken[op], key=lambda r: (r[0], r[2]))]
    return messages.already_run(node, expr.value, infos[op], ordered, how)
