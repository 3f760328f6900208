"""The calls of a module function that a script certainly makes, with their literal arguments
(round 36M of issue 17).

``called_values`` folds a parameter only where every call gives it one literal; a helper
called twice with different flags (``step(x, y, True)``, then ``step(x, y, False)``) had no
known value, so ``if fast: op.sync()`` inside it dropped its op unrun on the second call
unseen (TC105 at the op). A call the script certainly makes is one that runs whatever the
program's input: a statement of its own (``f(...)``, ``r = f(...)``, ``await f(...)``) directly
in the module's top-level code or in its ``if __name__ == "__main__":`` block, or directly in
the top-level block of a function certainly called so (no ``if``, loop, ``try`` or ``with``
around it). Each such call's literal arguments (defaults filled in) say which way a test on
those parameters goes in that call; ``skipped_waits`` reports the skipped run or wait of the
way one of them takes."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import libcst as cst

from tilecheck.host.called_values import Literal, literal_of

_MAIN_GUARDS = ('__name__ == "__main__"', "__name__ == '__main__'")


def certain_calls(module: cst.Module, fn: cst.FunctionDef) -> list[Mapping[str, Literal]]:
    """For each call of ``fn`` the script certainly makes: the parameters it gives a literal
    (positionally, by keyword or by default), with it."""
    params = fn.params
    if fn.decorators or params.posonly_params or params.kwonly_params:
        return []
    if isinstance(params.star_arg, cst.Param) or params.star_kwarg is not None:
        return []
    defs = {s.name.value: s for s in module.body if type(s) is cst.FunctionDef}
    out: list[Mapping[str, Literal]] = []
    seen: set[str] = set()
    todo: list[cst.BaseSuite | cst.Module] = [module]
    while todo:
        for call in _direct_calls(todo.pop()):
            name = call.func.value if type(call.func) is cst.Name else None
            if name == fn.name.value:
                given = _given(fn, call, module)
                if given is not None:
                    out.append(given)
            elif name in defs and name not in seen:
                seen.add(name)
                todo.append(defs[name].body)
    return out


def _direct_calls(block: cst.BaseSuite | cst.Module) -> Iterator[cst.Call]:
    """The calls made as statements of their own directly in ``block`` (a module's main
    guard's block too)."""
    body = block.body if isinstance(block, (cst.Module, cst.IndentedBlock)) else ()
    for stmt in body:
        if type(stmt) is cst.If and type(block) is cst.Module and _main_guard(stmt.test):
            yield from _direct_calls(stmt.body)
            continue
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            value: cst.BaseExpression | None = None
            if isinstance(small, (cst.Expr, cst.Assign, cst.AnnAssign)):
                value = small.value
            if type(value) is cst.Await:
                value = value.expression
            if type(value) is cst.Call:
                yield value


def _main_guard(test: cst.BaseExpression) -> bool:
    return cst.Module(body=()).code_for_node(test).strip() in _MAIN_GUARDS


def _given(fn: cst.FunctionDef, call: cst.Call, module: cst.Module) -> dict[str, Literal] | None:
    """What ``call`` gives each parameter of ``fn`` that is a literal; None where the call
    spreads arguments (``*args``, ``**kw``)."""
    if any(a.star for a in call.args):
        return None
    out: dict[str, Literal] = {}
    positional = [a.value for a in call.args if a.keyword is None]
    keywords = {a.keyword.value: a.value for a in call.args if a.keyword is not None}
    for at, param in enumerate(fn.params.params):
        name = param.name.value
        arg = positional[at] if at < len(positional) else keywords.get(name, param.default)
        found = literal_of(arg, module)
        if found is not None:
            out[name] = found[0]
    return out
