"""Records kept in a list the scope walks: rows of their attributes (round 39E of issue 17).

A scheduler keeps its requests as objects (``@dataclass class Request: output; pending``, a
plain class, a construction that keeps what it is given): ``req = Request(out)``, ``req.pending
= k(out.partition(s), w).submit()``, ``running.append(req)`` in a loop (or
``jobs.append(Job(out, k(...).submit()))``), and later ``for req in running:
req.output.to_numpy(); req.pending.wait()``. Each record's Pending writes its own record's
tensor, so the walk's ``req.pending`` is the step's Pending of the step's ``req.output``: read
before the wait, the tensor is in flight (TC102); waited first, it is not. Until now the
record went into the list whole and what it held counted as waited (a gap).

Where the list is one the scope alone reaches and walks only through the records' attributes
(``tilecheck.host.record_walks``), an appended record is kept as the row of what its attributes
hold, sorted by attribute name (``(req.output, req.pending)``), with a marker of those names
under the list's path (``[.output,pending]``), and ``for req in running`` takes a row as
``for req.output, req.pending in running`` would (``tilecheck.host.rows``: each holder paired
with its own row's tensor). The record itself is not in the list, but no code reaches it
through the list but those walks. A record whose attributes are not known (a construction not
followed, an attribute bound to a container), records of other attribute sets in one list, or
rows the analysis does not know (another way in, joined paths): the walk takes nothing and
what the list holds is given away (counted as waited), as before."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.loop_columns import Column
from tilecheck.host.model import NOTHING, Kind, Many, Packed, Value, flatten
from tilecheck.host.object_graphs import ObjectGraphs
from tilecheck.host.record_walks import record_lists, walked_list
from tilecheck.syntax.nodes import path_of

_MARK = "[."


class RecordRows(ObjectGraphs):
    __slots__ = ("_gate", "_rowed")

    def __init__(self, ctx: object) -> None:
        ObjectGraphs.__init__(self, ctx)
        self._rowed: dict[int, set[str]] = {}  # a record kept as a row -> the lists keeping it
        self._gate: bool | None = None  # the module's text may spell a fill and a walk

    def construct(self, call: cst.Call) -> Value | None:
        """A new record (at a site the analysis may have made one at before: a loop's
        turns): stores into it say nothing of the rows kept before."""
        made = ObjectGraphs.construct(self, call)
        if self._rowed and isinstance(made, frozenset):
            for oid in made:
                self._rowed.pop(oid, None)
        return made

    def store(self, path: str, value: Value) -> None:
        """``req.pending = p`` of a record kept as a row: the row no longer says what the
        record holds, so the lists keeping it take nothing (their walks give up)."""
        if self._fields and "[" in path and isinstance(value, frozenset):
            for oid in value:  # ``d[KEY] = Job(...)`` kept another way: given away
                for held in self._fields.pop(oid, {}).values():
                    self.escape(held)
        if self._rowed:
            owner, _, attr = path.rpartition(".")
            if owner and attr.isidentifier():
                for oid in self.env.get(owner, NOTHING):
                    for kept in sorted(self._rowed.get(oid, ())):
                        self.set_env(f"{kept}[.!]", NOTHING)
        ObjectGraphs.store(self, path, value)

    def bind(self, target: cst.BaseExpression, value: Value) -> None:
        """``slots[rid] = Slot(...)`` of a dict of records: a row, whatever the key (a key
        the analysis knows would make it a cell of its own, which no walk pairs)."""
        base = path_of(target.value) if type(target) is cst.Subscript else None
        if (
            base is not None
            and base + "[*]" in self.env
            and not self.env.get(base)
            and self._record_list(base)
        ):
            assert type(target) is cst.Subscript
            self.add_keyed(base, target, value)
            return
        ObjectGraphs.bind(self, target, value)

    def _record_list(self, path: str) -> bool:
        if "." in path or "[" in path:
            return False
        if self._gate is None:  # (the cheap test: no walk of a module that spells neither)
            mentions = self.ctx.mentions
            self._gate = any(map(mentions, (".append(", ".values()", ".items()")))
        if not self._gate:
            return False
        scope = self.scope_node if self.scope_node is not None else self.ctx.module
        if scope is None:
            return False
        return path in record_lists(self.ctx.index, scope)

    def container_method(self, call: cst.Call, func: cst.Attribute) -> Value | None:
        """``running.append(req)`` of a list of records: one more row, at no known position
        (no code reads the list by position)."""
        path = path_of(func.value) if func.attr.value == "append" else None
        if path is None or path + "[*]" not in self.env or not self._record_list(path):
            return ObjectGraphs.container_method(self, call, func)
        self.add_row(path, self.ev(call.args[0].value), call.args[0].value)
        return NOTHING

    def _destined(self, call: cst.Call) -> bool:
        """Also ``running.append(Job(out, p))`` of a list of records: the construction keeps
        what it is given, for the row (``add_row``)."""
        if ObjectGraphs._destined(self, call):
            return True
        node = self.element.node if self.element is not None else None
        if type(node) is cst.Assign and len(node.targets) == 1 and node.value is call:
            stored = node.targets[0].target
            if type(stored) is cst.Subscript:
                path = path_of(stored.value)
                return path is not None and path + "[*]" in self.env and self._record_list(path)
        if type(node) is not cst.Expr or type(node.value) is not cst.Call:
            return False
        outer, func = node.value, node.value.func
        if type(func) is not cst.Attribute or func.attr.value != "append":
            return False
        if len(outer.args) != 1 or outer.args[0].value is not call:
            return False
        path = path_of(func.value)
        return path is not None and path + "[*]" in self.env and self._record_list(path)

    def add_keyed(self, path: str, target: cst.Subscript, value: Value) -> None:
        """``reqs[rid] = req`` of a dict of records: a row, as appended (``add_row``)."""
        node = self.element.node if self.element is not None else None
        if type(node) is not cst.Assign or not self._record_list(path):
            ObjectGraphs.add_keyed(self, path, target, value)
            return
        self._add_record(path, value, node.value, target)

    def add_row(self, path: str, value: Value, expr: cst.BaseExpression) -> None:
        if not self._record_list(path):
            ObjectGraphs.add_row(self, path, value, expr)
            return
        self._add_record(path, value, expr, None)

    def _add_record(
        self,
        path: str,
        value: Value,
        expr: cst.BaseExpression,
        target: cst.Subscript | None,
    ) -> None:
        fields = self._record_fields(value, expr)
        marks = [k for k in self.env if k.startswith(path + _MARK)]
        if fields is None:
            self.escape(value)
            self.set_env(f"{path}[.!]", NOTHING)
            return
        mark = f"{path}[.{','.join(fields)}]"
        if any(k != mark for k in marks):
            self.set_env(f"{path}[.!]", NOTHING)
        self.set_env(mark, NOTHING)
        self._rowed.setdefault(next(iter(flatten(value))), set()).add(path)
        row = Packed(tuple(fields.values()))
        if target is None:
            ObjectGraphs.add_row(self, path, row, expr)
        else:
            ObjectGraphs.add_keyed(self, path, target, row)

    def _record_fields(self, value: Value, expr: cst.BaseExpression) -> dict[str, Value] | None:
        """What the record ``value`` (one instance) holds, by attribute (sorted); None where
        it is not one instance whose attributes the analysis knows."""
        if not isinstance(value, frozenset) or len(value) != 1:
            return None
        (oid,) = value
        if self.infos[oid].kind is not Kind.INSTANCE:
            return None
        given = self._fields.get(oid) if type(expr) is cst.Call else None
        found: dict[str, Value] = {}
        if given is not None and type(expr) is cst.Call:  # ``Job(out, p)`` appended as made
            for attr, held in given.items():
                if not isinstance(held, frozenset):
                    return None
                found[attr] = held
        elif type(expr) is cst.Name and self.env.get(expr.value) == value:
            prefix = expr.value + "."
            for key, held in self.env.items():
                attr = key[len(prefix) :]
                if key.startswith(prefix) and attr.isidentifier():
                    found[attr] = held
                elif key.startswith(prefix) or key.startswith(expr.value + "["):
                    return None  # an attribute's items or attributes: not a plain record
        else:
            return None
        found = {k: v for k, v in found.items() if flatten(v)}
        if not found or any(self.kinds(flatten(v), Kind.INSTANCE) for v in found.values()):
            return None
        self._fields.pop(oid, None)  # (now the row's)
        return dict(sorted(found.items()))

    def take(
        self,
        loop: cst.For,
        target: cst.BaseExpression,
        column: Column,
        walked: str | None = None,
    ) -> None:
        path = walked_list(loop, target)
        if (
            type(target) is not cst.Name
            or path is None
            or not isinstance(column, Many)
            or column.path != path
            or not self._record_list(path)
        ):
            ObjectGraphs.take(self, loop, target, column, walked)
            return
        marks = [k for k in self.env if k.startswith(path + _MARK)]
        name = target.value
        self.bind_name(name, NOTHING)
        if len(marks) != 1 or marks[0] == f"{path}[.!]":
            self.escape(column)
            return
        fields = marks[0][len(path) + 2 : -1].split(",")
        row = cst.Tuple(tuple(cst.Element(_path_name(f"{name}.{f}")) for f in fields))
        self._based.add(name)
        if not self.take_row(loop, row, column):
            for attr in fields:
                self.set_env(f"{name}.{attr}", NOTHING)
            self.escape(column)


def _path_name(path: str) -> cst.Name:
    """A name node spelling the attribute path ``path`` (``req.output``), as the row's target
    binds it: the analysis keeps paths under their spelling, as it keeps names (a node made
    here and read by the analysis only, never printed)."""
    node = cst.Name("_")
    object.__setattr__(node, "value", path)
    return node
