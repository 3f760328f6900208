"""A ``dict`` subclass's ``__missing__`` runs at the read of a key it does not hold (issue 17,
round 34B): ``pool = ScratchPool()`` of ``class ScratchPool(dict)`` defining ``__missing__``,
read as ``pool[128]``, runs ``pool.__missing__(128)`` there (``dict.__getitem__`` calls it),
inside a graph capture too (TC111 at its allocation).

Only where the key is certainly missing when the read runs, as ``default_factories`` decides
for a ``defaultdict``: the name is bound once, by ``name = Cls()`` (no arguments: an empty
dict) at the module's top level, and named nowhere else but in one subscript read (never
stored into, passed on, or read at another site), so the first evaluation of that read finds
it empty. The class is one of the module's top-level classes whose only base is ``dict``, that
defines ``__missing__`` and neither ``__getitem__`` nor ``__init__`` (which could fill it), no
keyword, no decorator. The method's summary is applied on the name with the key (a literal or
a name), as at an explicit ``pool.__missing__(128)``."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.default_factories import subscripted_once
from tilecheck.host.dunders import Analysis, apply_method
from tilecheck.host.property_reads import PropertyRead
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import single_assignment

_KEYS = (cst.Name, cst.Integer, cst.Float, cst.SimpleString)


def missing_dicts(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, str]:
    """The module's names bound once to ``Cls()`` of a ``dict`` subclass defining
    ``__missing__`` and read at one subscript only, with the class's name (an ``index.fact``)."""
    if type(module) is not cst.Module:
        return {}
    classes = {s.name.value for s in module.body if type(s) is cst.ClassDef and _missing(s)}
    if not classes:
        return {}
    made: dict[str, str] = {}
    for stmt in module.body:
        assigned = single_assignment(stmt)
        if assigned is None:
            continue
        target, value = assigned
        if type(target) is not cst.Name or type(value) is not cst.Call or value.args:
            continue
        if type(value.func) is cst.Name and value.func.value in classes:
            made[target.value] = value.func.value
    once = subscripted_once(index, module, made) if made else set()
    return {n: cls for n, cls in made.items() if n in once}


def _missing(cls: cst.ClassDef) -> bool:
    """``class C(dict)`` defining ``__missing__``, not ``__getitem__`` or ``__init__``."""
    if cls.decorators or cls.keywords or len(cls.bases) != 1:
        return False
    base = cls.bases[0].value
    if type(base) is not cst.Name or base.value != "dict":
        return False
    own = {s.name.value for s in cls.body.body if type(s) is cst.FunctionDef}
    return "__missing__" in own and not own & {"__getitem__", "__init__", "__new__"}


def missing_read(an: Analysis, expr: cst.Subscript) -> None:
    """``pool[k]`` (``missing_dicts``' one read): ``pool.__missing__(k)`` applied there."""
    module = an.ctx.module
    base = expr.value
    if module is None or type(base) is not cst.Name or len(expr.slice) != 1:
        return
    cls = an.ctx.index.fact(module, missing_dicts).get(base.value)
    index = expr.slice[0].slice
    if cls is None or type(index) is not cst.Index or index.star is not None:
        return
    if type(index.value) not in _KEYS:
        return
    given = (cst.Arg(index.value),)
    if an.receiver_class(base.value) == cls:
        value = apply_method(an, expr, base.value, "__missing__", given)
    elif base.value not in an.env and an.receiver_class(base.value) is None:
        # the module's name read in a function: the method on what it holds, its fields unknown
        summary = an.ctx.summary_for(f"{cls}.__missing__")
        if summary is None:
            return
        calls = an.ctx.dunder_calls
        call = calls.get((id(expr), "__missing__"))
        if call is None:
            call = calls[(id(expr), "__missing__")] = PropertyRead(func=expr, args=given)
        value = an.call_summary(call, summary, base.value)
    else:
        return
    if value is not None:
        an.escape(value)
