"""A method that hands its whole call to another method of its instance (round 40R of issue
17): ``def __call__(self, *args, **kwargs): return self.forward(*args, **kwargs)``, the
``nn.Module`` idiom of code ported from torch, in a base class or in the class itself.

Calling such a method runs the other one with the caller's arguments and gives back its
result untouched, so a call of it is summarized as a call of the method it forwards to, as
resolved for the instance's class (the override a subclass defines, as ``_dispatch`` does
for ``self.forward(x)`` written with named parameters). Only the bare form is read: no
decorator, ``self`` and star parameters alone, a docstring at most beside the one ``return
self.<name>(*args, **kwargs)`` passing each star parameter once, in order, and nothing else;
the method it names must be a plain method of the class (undecorated: not static, not a
property; not itself a forwarder).
Any other body keeps its own summary (the star parameters' values given as to unknown code:
silence)."""

from __future__ import annotations

from collections.abc import Collection, MutableMapping

import libcst as cst

Defs = MutableMapping[str, tuple[cst.FunctionDef, str | None]]


def forwarded(fn: cst.FunctionDef) -> str | None:
    """The method of ``self`` that ``fn`` passes its call to untouched; None for any other."""
    params = fn.params
    if fn.decorators or fn.asynchronous is not None or len(params.params) != 1:
        return None
    if params.posonly_params or params.kwonly_params or params.params[0].default is not None:
        return None
    star = params.star_arg if isinstance(params.star_arg, cst.Param) else None
    kw = params.star_kwarg
    if star is None and kw is None:
        return None
    block = fn.body.body if type(fn.body) is cst.IndentedBlock else ()
    body = [s for s in block if not _docstring(s)]
    line = body[0] if len(body) == 1 else None
    small = line.body[0] if type(line) is cst.SimpleStatementLine and len(line.body) == 1 else None
    call = small.value if type(small) is cst.Return else None
    if type(call) is not cst.Call or type(call.func) is not cst.Attribute:
        return None
    me = params.params[0].name.value
    if type(call.func.value) is not cst.Name or call.func.value.value != me:
        return None
    given = [(star, "*"), (kw, "**")]
    expected = [(p.name.value, mark) for p, mark in given if p is not None]
    passed = [
        (a.value.value, a.star)
        for a in call.args
        if type(a.value) is cst.Name and a.keyword is None and a.star in ("*", "**")
    ]
    if len(passed) != len(call.args) or passed != expected:
        return None
    return call.func.attr.value


def alias_forwards(
    defs: Defs,
    inherited: MutableMapping[str, str],
    statement: MutableMapping[str, int],
    static: Collection[str],
) -> None:
    """Each class method (own or inherited, ``Class.name`` keys) that forwards its call to
    another plain method of the same class: summarized as that method, in place."""
    for key in [*defs, *inherited]:
        cls, _, short = key.partition(".")
        if not cls.isidentifier() or not short.isidentifier() or key in static:
            continue
        source = inherited.get(key, key) if key not in defs else key
        entry = defs.get(source)
        target = forwarded(entry[0]) if entry is not None else None
        if target is None or target == short:
            continue
        wanted = f"{cls}.{target}"
        resolved = wanted if wanted in defs else inherited.get(wanted)
        if resolved is None or resolved in static:
            continue
        found = defs.get(resolved)
        if found is None or found[0].decorators or forwarded(found[0]) is not None:
            continue
        defs[key] = found
        inherited.pop(key, None)
        if resolved in statement:
            statement[key] = statement[resolved]


def _docstring(stmt: cst.BaseStatement) -> bool:
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return False
    small = stmt.body[0]
    return type(small) is cst.Expr and isinstance(
        small.value, (cst.SimpleString, cst.ConcatenatedString)
    )
