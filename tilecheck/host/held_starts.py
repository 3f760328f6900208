"""Arguments a thread object holds until it starts (issue 17, round 34A; ``library_spec``:
``RUNS_TARGET``). ``warm = threading.Thread(target=f, args=(tiles(kv), w))`` evaluates the
arguments NOW, at the construction, and the thread keeps them until ``warm.start()`` hands them
to ``f``: the partition made there is alive from this line on, so reading ``kv`` before the
start is TC104, as it would be with ``args = (tiles(kv), w)`` written on a line of its own.

Where ``tilecheck.host.threads`` runs the target at the start (a target and arguments it can
evaluate again there: names and attribute paths), that stays as it was. Otherwise (a lambda
target, an argument that is a call or anything else evaluated once) the arguments are held as a
closure holds what it names (``Frame.close_over``: borrows kept, ops and Pendings taken as run
and waited by whatever runs the target) until the thread's name is read again (``start()``,
given to a function) or an unknown call may start it (``Frame.call_closures``), as a kept
``map`` is (``Immediate._keep_lazy``). Only ``name = Thread(...)`` statements of keyword
arguments (``target=``, ``args=`` a tuple or list display, ``kwargs=`` a dict display, and
inert ones such as ``name=``/``daemon=``) are taken."""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from tilecheck.host.library_spec import Does, named
from tilecheck.host.model import NOTHING, Oids, Value, flatten
from tilecheck.syntax.nodes import path_of

_THREADS = named(Does.RUNS_TARGET)
SPELLED = frozenset(name.rpartition(".")[2] for name in _THREADS)  # (the cheap test)


class Analysis(Protocol):
    """What holding the arguments needs of the analysis."""

    lazy_kept: set[str]

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def escape(self, value: Value) -> None: ...

    def close_over(self, oids: Oids) -> None: ...


def held(call: cst.Call, canonical: str | None) -> list[cst.BaseExpression] | None:
    """The argument expressions of a ``Thread(...)`` construction whose start the threads
    lowering would not follow, or None (not such a construction, or one it follows)."""
    if canonical not in _THREADS or any(a.keyword is None or a.star for a in call.args):
        return None
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    args, kwargs = keywords.get("args"), keywords.get("kwargs")
    values: list[cst.BaseExpression] = []
    if args is not None:
        if type(args) not in (cst.Tuple, cst.List):
            return None
        for element in args.elements:  # type: ignore[attr-defined]
            if type(element) is not cst.Element:
                return None
            values.append(element.value)
    if kwargs is not None:
        if type(kwargs) is not cst.Dict:
            return None
        for item in kwargs.elements:
            if type(item) is not cst.DictElement:
                return None
            values.append(item.value)
    target = keywords.get("target")
    if target is None:
        return None
    if path_of(target) is not None and all(path_of(v) is not None for v in values):
        return None  # (run at its start by ``threads``)
    return values


def hold(an: Analysis, call: cst.Call, values: list[cst.BaseExpression], name: str) -> Value:
    """Evaluate the construction: its target (given away), then its arguments, each held by
    the thread ``name`` until it is named again."""
    arguments = {id(v) for v in values}
    for arg in call.args:
        if id(arg.value) not in arguments and arg.keyword is not None:
            if arg.keyword.value not in ("args", "kwargs"):
                an.escape(an.ev(arg.value))
    for value in values:
        an.close_over(flatten(an.ev(value)))
    an.lazy_kept |= {name}
    return NOTHING
