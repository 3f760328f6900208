"""Ops run again through an item of a local container. ``ops = {"b": g.record(k(b))}`` (or a
list display, or ``ops["b"] = op``) keeps the op under its constant key; ``ops["b"].sync()``
after the op was run or handed on, on every path (``State.taken``), raises as ``op.sync()``
would (TC110), and a run through the item counts as the op's from there on. Only an item the
container holds under that key alone (one object), of a container whose items stay at their
keys (``tilecheck.host.steady_items``: no ``ops.pop(0)``, ``ops.reverse()``), counts; a
computed key, a container of a parameter, an attribute or an outer name are left to the
other rules."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host import messages
from tilecheck.host.context import Context
from tilecheck.host.expressions import Expressions
from tilecheck.host.findings import Finding
from tilecheck.host.model import Kind, Value
from tilecheck.host.steady_items import steady_items
from tilecheck.syntax.nodes import path_of, source_of


class ItemRuns(Expressions):
    def __init__(self, ctx: Context) -> None:
        super().__init__(ctx)
        self._steady: dict[str, bool] = {}  # a container's name -> ``steady_items``

    def steady(self, name: str) -> bool:
        """What ``name`` holds keeps its items at their keys in this body."""
        found = self._steady.get(name)
        if found is None:
            scope = self.scope_node or self.module_node
            found = self._steady[name] = scope is not None and steady_items(scope, name)
        return found

    def check_rerun(
        self, expr: cst.BaseExpression, value: Value, node: cst.CSTNode, how: str
    ) -> int | None:
        if type(expr) is not cst.Subscript:
            return super().check_rerun(expr, value, node, how)
        path = path_of(expr)
        if path is None or "[" not in path or not self.local_container(path):
            return super().check_rerun(expr, value, node, how)
        held = self.env.get(path)
        finding: Finding | None = None
        known: int | None = None
        if held is not None and len(held) == 1 and value == held and not self.lazy:
            (op,) = held
            kind = self.infos[op].kind
            steady = kind is Kind.OP and self.steady(path.partition("[")[0])
            known = op if steady else None
            runs = self.taken.get(op) if known is not None else None
            if runs is not None:
                ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
                finding = messages.already_run(node, source_of(expr), self.infos[op], ordered, how)
        self.verdict(OP_ALREADY_RUN, node, finding)
        super().check_rerun(expr, value, node, how)
        return known  # run from here on (``Verdicts.run_once``)
