"""An op held by an item of a local container, run in a loop's every turn (round 40N of issue
17): ``ops = [k(h.partition(s), d)]`` (a display, appends, a builder's list) then ``for epoch in
range(3): ops[0].sync()`` or ``for op in ops: op.sync()`` runs the op again in the loop's next
turn (TC110 "in the loop's previous iteration"), as ``Verdicts.loop_back`` finds for an op a
name holds. Only names were asked there; an item path is asked here the same way.

Only where that is certain: at the loop's end the item ``c[k]`` (a constant key) of a
container only the scope's names hold, whose items stay at their keys
(``tilecheck.host.steady_items``), holds that op alone; the op was made before the loop and
run on every way around it; and the run repeats next turn: its receiver is ``c[k]`` itself,
or the target of a walk of all of ``c`` that runs its step's op on every step
(``ItemRuns._runs_every_item``)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host import messages
from tilecheck.host.findings import Finding
from tilecheck.host.model import Kind, ObjInfo, Oids, Runs
from tilecheck.syntax.nodes import path_of, source_of
from tilecheck.syntax.walk import contains, own_nodes


class _Analysis(Protocol):
    loop_first: dict[int, int]
    taken: Mapping[int, Runs]
    env: Mapping[str, Oids]
    infos: list[ObjInfo]

    def local_container(self, path: str) -> bool: ...
    def steady(self, name: str) -> bool: ...
    def _runs_every_item(self, loop: cst.For) -> tuple[cst.Call, str] | None: ...


def item_reruns(an: _Analysis, loop: cst.CSTNode, top: int) -> dict[cst.CSTNode, Finding]:
    """TC110 at the runs ``loop``'s next turn repeats of ops held by items (by run node)."""
    first = an.loop_first.get(id(loop), 0)
    infos = an.infos
    before = {o for o in an.taken if infos[o].seq < first and infos[o].kind is Kind.OP}
    if not before:
        return {}
    held: dict[int, str] = {}
    for path, value in an.env.items():
        if len(value) != 1 or not path.endswith("]") or path.count("[") != 1:
            continue
        (op,) = value
        root, _, key = path.partition("[")
        if op not in before or not _constant_key(key[:-1]) or not an.local_container(path):
            continue
        if an.steady(root) and (op not in held or path < held[op]):
            held[op] = path
    found: dict[cst.CSTNode, Finding] = {}
    for op, path in held.items():
        for seq, node, how, withs in an.taken[op]:
            if seq < first or withs or type(node) not in (cst.Call, cst.Await):
                continue
            shown = _repeated(an, loop, node, path)
            if shown is None:
                continue
            around = [(node, how)]
            finding = messages.already_run(node, shown, infos[op], around, how, around=True)
            found[node] = dataclasses.replace(finding, top=top)
    return found


def _constant_key(key: str) -> bool:
    """``0``, ``-1``, ``'add'``: a key ``path_of`` writes for a constant."""
    if key.lstrip("-").isdigit():
        return True
    return len(key) >= 2 and key[0] == key[-1] and key[0] in "'\"" and key[0] not in key[1:-1]


def _repeated(an: _Analysis, loop: cst.CSTNode, call: cst.CSTNode, path: str) -> str | None:
    """How the run ``call`` (``.sync()``, ``.submit()``, ``await``) names the item at ``path``
    where it runs it again next turn."""
    if type(call) is cst.Await:
        receiver = call.expression
        return source_of(receiver) if path_of(receiver) == path else None
    func = call.func if type(call) is cst.Call else None
    if type(func) is not cst.Attribute or func.attr.value not in ("sync", "submit"):
        return None
    receiver = func.value
    if type(receiver) is cst.Subscript and path_of(receiver) == path:
        return source_of(receiver)
    if type(receiver) is not cst.Name:
        return None
    root = path.partition("[")[0]
    for node in own_nodes(loop):
        if (
            type(node) is cst.For
            and node is not loop
            and type(node.target) is cst.Name
            and node.target.value == receiver.value
            and type(node.iter) is cst.Name
            and node.iter.value == root
            and contains(node.body, call)
        ):
            step = an._runs_every_item(node)
            return receiver.value if step is not None and step[0] is call else None
    return None
