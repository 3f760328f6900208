"""The module's top-level functions its script runs (round 35F of issue 17).

``called_values`` decides a function's tests from its calls only where the function runs: a
call in the module's top-level code (the script), as before, or, now, a call in the body of a
function the script runs (``def main(): stage("trace", SKIPPED, ...)`` with ``main()`` at the
top, or under ``if __name__ == "__main__":``). A function runs where the module's top-level
code calls it by its name (a plain call, not inside a ``def``, ``class`` or ``lambda``), or
where the body of one that runs does (its own statements, not a nested scope's), to a fixed
point; as for the top-level code itself, a call in a block of the body counts (the tests are
decided only where every call of the function agrees, so a call the program skips decides
nothing the others do not).
"""

from __future__ import annotations

import libcst as cst

from tilecheck.syntax.walk import children

_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)


def run_functions(module: cst.Module) -> frozenset[str]:
    """The names of the module's top-level ``def``s its script runs."""
    defs = {s.name.value: s for s in module.body if type(s) is cst.FunctionDef}
    ran = set(_called(list(module.body), defs)) if defs else set()
    todo = list(ran)
    while todo:
        body = defs[todo.pop()].body
        for name in _called([body], defs):
            if name not in ran:
                ran.add(name)
                todo.append(name)
    return frozenset(ran)


def _called(roots: list[cst.CSTNode], defs: dict[str, cst.FunctionDef]) -> list[str]:
    """The module's functions a plain call names in ``roots``, nested scopes left out."""
    out: list[str] = []
    stack = list(roots)
    while stack:
        node = stack.pop()
        if isinstance(node, _SCOPES):
            continue
        if type(node) is cst.Call and type(node.func) is cst.Name and node.func.value in defs:
            out.append(node.func.value)
        stack.extend(children(node))
    return out
