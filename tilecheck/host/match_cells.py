"""A ``case`` pattern's captures read the subject's cells (round 30H): ``case {"out": o,
"pending": p}`` binds ``o`` and ``p`` as ``o = subject["out"]`` and ``p = subject["pending"]``
would, ``case [first, *_]`` binds ``first`` as ``subject[0]``, ``case Step(pending=p)`` binds
``p`` as ``subject.pending``, ``case ... as whole`` binds ``whole`` as the subject, and so on
through nested patterns, each level one step further. A ``None`` in the pattern
(``case Step(pending=None)``) narrows as ``if step.pending is None:`` does: on that case's
path the cell holds no op, Pending, partition or graph (those are never None). A subject
that is a path (a name, an attribute, a constant subscript) is read from the cells the
analysis keeps under it (``Containers.lookup_path``); any other subject (``match step(x):``)
from the cells its evaluation kept under ``SUBJECT`` (``last_eval`` tells that it was this
subject's). A capture no cell is known for is bound to nothing, as before this round. The
subjects are looked up only when a ``case`` is met, so a module without ``match`` pays
nothing."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.host.model import NOTHING, Oids, Value
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import path_key, path_of, target_names

Step = tuple[str, str]  # ("[", key as a path writes it) or (".", attribute)
# The name a subject that is no path is kept under while its cases bind (no code can write it):
# an expression evaluated for control flow outside a loop's header whose value is a display's.
SUBJECT = "(match)"


class Matching(Protocol):
    """What a ``case`` reads and binds of the body's analysis."""

    last_eval: tuple[cst.BaseExpression, Value] | None

    @property
    def env(self) -> Mapping[str, Oids]: ...
    @property
    def ctx(self) -> Context: ...
    def bind_name(self, name: str, value: Value) -> None: ...
    def set_env(self, name: str, oids: Oids | None) -> None: ...
    def attribute_none(self, path: str) -> None: ...
    def _forget_holders(self, name: str) -> None: ...
    def lookup_path(self, path: str) -> Value | None: ...


def _subjects(index: SyntaxIndex, root: cst.CSTNode) -> dict[int, cst.BaseExpression]:
    """Every ``case`` of the module (by id) -> its ``match``'s subject."""
    out: dict[int, cst.BaseExpression] = {}
    for node in index.nodes(root):
        if type(node) is cst.Match:
            for case in node.cases:
                out[id(case)] = node.subject
    return out


def bind_captures(an: Matching, case: cst.MatchCase) -> None:
    """The names ``case``'s pattern captures, each bound to the cell it reads (or nothing)."""
    for name in target_names(case.pattern):
        an.bind_name(name, NOTHING)
    module = an.ctx.module
    subject = an.ctx.index.fact(module, _subjects).get(id(case)) if module is not None else None
    if subject is None:
        return
    path = path_of(subject)
    last = an.last_eval
    if path is None and last is not None and last[0] is subject:
        path = SUBJECT  # where its evaluation kept the value's cells
    if path is None:
        return
    captures: list[tuple[str | None, tuple[Step, ...]]] = []
    _captures(case.pattern, (), captures)
    for captured, steps in captures:
        at = _path(path, steps)
        if captured is None:
            narrow_none(an, at)
            continue
        found = an.lookup_path(at)
        value = found if found is not None else an.env.get(at)
        if value is not None:
            an.bind_name(captured, value)


# the first character of a container's bookkeeping entries (``c[*]``, ``c[#3]``), not cells
_MARKS = frozenset("*#%=&^!")


def narrow_none(an: Matching, path: str) -> None:
    """``path`` (an attribute or a cell) is None on this path (``if b.writer is None:``,
    ``case Step(pending=None)``): it holds no holder, nor does its container through it."""
    held = an.env.get(path)
    if held is None:
        return
    an.attribute_none(path)
    an._forget_holders(path)
    base, bracket, _ = path.rpartition("[")
    contents = an.env.get(base + "[*]") if bracket and path[-1] == "]" else None
    if contents:
        gone = held - an.env.get(path, NOTHING)
        others = (
            oids
            for key, oids in an.env.items()
            if key.startswith(base + "[") and key != path and key[len(base) + 1] not in _MARKS
        )
        gone = gone.difference(*others)
        if gone & contents:
            an.set_env(base + "[*]", contents - gone)


def _path(path: str, steps: tuple[Step, ...]) -> str:
    return path + "".join(f"[{k}]" if how == "[" else f".{k}" for how, k in steps)


def _captures(
    pattern: cst.MatchPattern,
    steps: tuple[Step, ...],
    out: list[tuple[str | None, tuple[Step, ...]]],
) -> None:
    """(name, the steps from the subject it reads) for each capture of ``pattern``, and
    (None, the steps) for each place it must be ``None``."""
    if isinstance(pattern, cst.MatchSingleton):
        if steps and type(pattern.value) is cst.Name and pattern.value.value == "None":
            out.append((None, steps))
    elif isinstance(pattern, cst.MatchAs):
        if pattern.pattern is not None:
            _captures(pattern.pattern, steps, out)
        if pattern.name is not None:
            out.append((pattern.name.value, steps))
    elif isinstance(pattern, cst.MatchMapping):
        for element in pattern.elements:
            key = path_key(element.key)
            if key is not None:
                _captures(element.pattern, (*steps, ("[", key)), out)
    elif isinstance(pattern, cst.MatchSequence):
        for i, part in enumerate(pattern.patterns):
            if not isinstance(part, cst.MatchSequenceElement):
                break  # ``*rest``: the positions after it count from the end
            _captures(part.value, (*steps, ("[", str(i))), out)
    elif isinstance(pattern, cst.MatchClass):
        for keyword in pattern.kwds:
            _captures(keyword.pattern, (*steps, (".", keyword.key.value)), out)
