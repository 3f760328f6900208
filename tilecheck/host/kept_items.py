"""The caller's side of ops ``__init__`` keeps one by one in a list attribute
(``tilecheck.host.attribute_items``): the construction keeps them under ``obj.ops[i]``, bound
to that instance while nothing may change the list, and a method that runs each of them runs
them again on a second call (TC110, at the run in the method)."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import OP_ALREADY_RUN
from tilecheck.host import messages
from tilecheck.host.attribute_items import EACH, left_alone
from tilecheck.host.global_effects import GlobalEffects
from tilecheck.host.model import Kind, Oids, Packed, flatten
from tilecheck.host.summary import Summary, Target


class KeptItems(GlobalEffects):
    __slots__ = ("_alone", "_kept_items", "_run_inside")

    def __init__(self, ctx: object) -> None:
        GlobalEffects.__init__(self, ctx)
        # a call that runs a method's ``self.op.sync()`` -> that run, and the method's statement
        self._run_inside: dict[cst.CSTNode, tuple[cst.CSTNode, int]] = {}
        self._kept_items = False  # some instance's list items are bound (``keep_items``)
        # (body, instance name, list attribute) -> whether the body leaves the list alone
        self._alone: dict[tuple[int, str, str], bool] = {}

    def keep_items(
        self,
        name: str,
        call: cst.Call,
        summary: Summary,
        tensors_of: dict[int, Oids],
        made: dict[Target, Oids],
    ) -> None:
        """``name = Cls(...)`` whose ``__init__`` set ``self.ops = [k(...)]``: one op per item,
        each bound to its index while this body leaves the list alone."""
        for attr, items in summary.kept_ops:
            if not self._left_alone(name, attr):
                continue
            kept: list[int] = []
            for i, result in enumerate(items):
                value = self.realize(call, summary, result, f"{attr}[{i}]", tensors_of, name, made)
                ops = self.kinds(flatten(value), Kind.OP)
                if len(ops) == 1:
                    kept.append(ops[0])
            if len(kept) != len(items) or len(set(kept)) != len(kept):
                continue
            path = f"{name}.{attr}"
            self.store(path, Packed(tuple(frozenset({op}) for op in kept)))
            for i, op in enumerate(kept):
                self.set_bound(f"{path}[{i}]", op)
            self._kept_items = True

    def items_reached(self, summary: Summary, receiver: str) -> None:
        """A method that names a list attribute other than to run each of its items may
        change the list: its items are no longer known to be the ops ``__init__`` put there."""
        if not self._kept_items:
            return
        each = {attr[: -len(EACH)] for attr, _ in summary.runs if attr.endswith(EACH)}
        prefix = receiver + "."
        for path in [p for p in self.bound if p.startswith(prefix) and p.endswith("]")]:
            attr = path[len(prefix) :].split("[")[0]
            if "." in attr or attr in each:
                continue
            if summary.reaches is None or attr in summary.reaches:
                self.set_bound(path, None)

    def items_rerun(
        self, call: cst.Call, summary: Summary, receiver: str, attr: str, how: str
    ) -> None:
        """A method that runs each op of a list attribute on every call: where the list holds,
        on every path, the ops ``__init__`` put there one by one (its length known, at least
        one), a call after one that ran them runs its first item again: TC110, at the run in
        the method."""
        base = f"{receiver}.{attr[: -len(EACH)]}"
        length = self._lengths.get(base)
        if length is None or length < 1 or f"{base}[#{length}]" not in self.env:
            return
        ops: list[int] = []
        for i in range(length):
            op = self.bound.get(f"{base}[{i}]")
            if op is None or self.env.get(f"{base}[{i}]") != frozenset({op}):
                return
            ops.append(op)
        if self.env.get(base + "[*]") != frozenset(ops):
            return
        first = ops[0]
        runs = self.taken.get(first)
        finding = None
        if runs is not None and not self.lazy:
            ordered = [(n, w) for _, n, w, _ in sorted(runs, key=lambda r: (r[0], r[2]))]
            finding = messages.already_run(call, f"{base}[0]", self.infos[first], ordered, how)
        self.verdict(OP_ALREADY_RUN, call, finding)
        for op in ops:
            self.took(op, call, how)
        inner = dict(summary.run_at).get(attr)
        if inner is not None and summary.statement is not None:
            self._run_inside[call] = (inner, summary.statement)

    def _left_alone(self, name: str, attr: str) -> bool:
        """This body changes ``name.attr`` through its methods only
        (``tilecheck.host.attribute_items.left_alone``)."""
        cfg = getattr(self, "body_cfg", None)
        if cfg is None:
            return False
        key = (id(cfg), name, attr)
        known = self._alone.get(key)
        if known is None:
            nodes = [e.node for b in cfg.blocks for e in b.elements]
            known = self._alone[key] = left_alone(nodes, name, attr)
        return known
