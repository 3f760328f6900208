"""A function's own integer constants (issue 17, round 32): the module's constants are the
module's names, so inside a body that binds one of them again (``stride = 16`` in ``main()``
over the module's ``stride = 8``) the name is the local, and a name the body binds once to an
integer expression (``stride = 8`` in ``main()``) is a constant there as the module's are at
module level. Read by every use of ``Context.constants`` (views, indices, windows, cells)."""

from __future__ import annotations

import copy

import libcst as cst

from tilecheck.host.bound_once import binding_counts
from tilecheck.host.constant_tables import hiding
from tilecheck.host.context import Context
from tilecheck.host.kernels import module_constants
from tilecheck.syntax.nodes import target_names_of


def scoped(ctx: Context, fn: cst.FunctionDef, declared: frozenset[str]) -> Context:
    """``ctx`` for ``fn``'s body: its constants less the names the body binds (parameters
    included), plus those it binds exactly once to an integer expression of literals and
    constants; ``ctx`` itself where nothing changes (most functions). ``declared``: the
    names ``fn`` declares ``global`` or ``nonlocal`` (bindings of another scope's names)."""
    if type(fn.body) is not cst.IndentedBlock:
        return ctx
    base = ctx.constants
    counts = binding_counts(fn.body.body)
    for name in target_names_of(fn.params):
        counts[name] = counts.get(name, 0) + 2  # never a constant of the body
    for name in declared:
        counts.pop(name, None)  # ``global x``: a binding of the module's name, not a local
    if not counts:
        return ctx
    outer = {name: value for name, value in base.items() if name not in counts}
    found = module_constants(fn.body.body, outer)
    local = {name: value for name, value in found.items() if counts.get(name) == 1}
    if not local and len(outer) == len(base):
        return ctx
    scoped_ctx = copy.copy(ctx)
    scoped_ctx.constants = hiding(base, counts, local)
    return scoped_ctx
