"""Lowering the ``@tr.function`` helpers a kernel reaches: each becomes a ``@ct.function``
named ``_tilert_fn_<name>``, through the same rewriter and emitter as the kernel, until no
newly reached helper is left. Callees come first, so the module reads top-down."""

from __future__ import annotations

from tilert.cutile.lowering.constness import run_time_locals
from tilert.cutile.lowering.context import Context
from tilert.cutile.lowering.emit import Emitter
from tilert.cutile.lowering.names import Resolver
from tilert.cutile.lowering.nodes import local_names
from tilert.cutile.lowering.rewrite import Rewriter
from tilert.cutile.lowering.source import function_ast

Block = tuple[list[str], dict[int, int]]  # generated lines, and their line -> user line map


def lower_helpers(cx: Context) -> list[Block]:
    """Each ``@tr.function`` the kernel reaches, as a ``@ct.function`` (callees first)."""
    done: dict[str, Block] = {}
    order: list[str] = []
    while True:
        pending = [n for n in cx.helpers if n not in done]
        if not pending:
            break
        for name in pending:
            helper = cx.helpers[name]
            fdef, path, offset = function_ast(helper.fn, f"function `{name}`")
            hcx = Context(path, offset, {}, {}, Resolver(helper.fn.__globals__), cx.helpers)
            hcx.local_names = local_names(fdef)
            hcx.run_time_locals = run_time_locals(fdef, {})
            hcx.coercions = cx.coercions
            em = Emitter(hcx, Rewriter(hcx))
            em.emit("@ct.function", 0, offset + fdef.lineno)
            args = ", ".join(a.arg for a in fdef.args.args)
            em.emit(f"def _tilert_fn_{name}({args}):", 0, offset + fdef.lineno)
            em.body(fdef.body, 1)
            done[name] = (em.lines, em.line_map)
            order.append(name)
    return [done[n] for n in reversed(order)]
