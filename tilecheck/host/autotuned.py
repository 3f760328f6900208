"""Functions under ``@tr.autotune(configs=[...], key=[...])`` (round 39S of issue 17).

tilert's ``Autotuned.__call__(*args)`` is ``self.fn(self.best_config(*args), *args)``: the
call runs the function's body with one of the configs injected as its first parameter and the
caller's arguments shifted by one, and returns what the body returns (a lazy op). Tuning, on
a key's first call when the disk cache does not have it, runs and syncs trial ops on the same
arguments; whether it happens depends on the machine's cache, so nothing is said of it.

The function is summarized as the body it runs: its ``def`` without the decorator and without
the injected parameter, whose name, in that body, is then nothing the analysis knows (never a
global of the module: where the module binds that name, no summary is made)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from tilecheck.syntax.nodes import dotted_name

# ``tilert.autotune`` as the package exports it and as its module defines it
_AUTOTUNE = frozenset({"tilert.autotune", "tilert.autotune.autotune"})


def autotuned_body(
    fn: cst.FunctionDef,
    resolve: Callable[[str], str | None] | None,
    module_body: Sequence[cst.BaseStatement],
) -> cst.FunctionDef | None:
    """The function ``@tr.autotune(...)`` (its one decorator) makes a call of ``fn`` run:
    ``fn`` without the decorator and its first parameter (the config); None where ``fn`` is no
    such function, or its config parameter is not a plain positional one."""
    if resolve is None or len(fn.decorators) != 1 or fn.asynchronous is not None:
        return None
    dec = fn.decorators[0].decorator
    if type(dec) is not cst.Call:
        return None
    dotted = dotted_name(dec.func)
    if dotted is None or resolve(dotted) not in _AUTOTUNE:
        return None
    params = fn.params
    if params.posonly_params:
        return None
    if not params.params or params.params[0].default is not None:
        return None
    config = params.params[0].name.value
    if config in _module_names(module_body):
        return None  # (the body's name would be taken for the module's)
    return fn.with_changes(
        decorators=(), params=params.with_changes(params=tuple(params.params[1:]))
    )


def _module_names(body: Sequence[cst.BaseStatement]) -> frozenset[str]:
    """The names the module's top-level lines bind by assignment, ``def`` or ``class``."""
    found: set[str] = set()
    for stmt in body:
        if type(stmt) in (cst.FunctionDef, cst.ClassDef):
            found.add(stmt.name.value)  # type: ignore[attr-defined]
        elif type(stmt) is cst.SimpleStatementLine:
            for small in stmt.body:
                targets: list[cst.BaseExpression] = []
                if type(small) is cst.Assign:
                    targets = [t.target for t in small.targets]
                elif type(small) in (cst.AnnAssign, cst.AugAssign):
                    targets = [small.target]  # type: ignore[attr-defined]
                for target in targets:
                    if type(target) is cst.Name:
                        found.add(target.value)
    return frozenset(found)
