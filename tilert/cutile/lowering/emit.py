"""The statement pass: writes a rewritten body one statement per line (compound ones with their
bodies) and remembers each generated line's user line, so a cuTile compiler error maps back to
the user's code. It also lowers ``for idx in z.tiles():`` over a mapped partition into a
persistent loop over tile counters."""

from __future__ import annotations

import ast
from collections.abc import Sequence

from tilert.cutile.lowering.context import Context, fail
from tilert.cutile.lowering.rewrite import Rewriter


class Emitter:
    """Writes statements one per line (compound ones with their bodies), remembering lines."""

    def __init__(self, cx: Context, rewriter: Rewriter) -> None:
        self.cx = cx
        self.rw = rewriter
        self.lines: list[str] = []
        self.line_map: dict[int, int] = {}

    def emit(self, text: str, indent: int, user_line: int | None = None) -> None:
        checks, self.rw.checks[:] = list(self.rw.checks), []
        for check in checks:  # what the line just rewritten needs checked when compiled
            self.emit(check, indent, user_line)
        for piece in text.split("\n"):
            self.lines.append("    " * indent + piece)
            if user_line is not None:
                self.line_map[len(self.lines)] = user_line

    def user(self, node: ast.AST) -> int:
        return int(getattr(node, "lineno", 1)) + self.cx.line_offset

    def body(self, stmts: Sequence[ast.stmt], indent: int) -> None:
        if not stmts:
            self.emit("pass", indent)
        for s in stmts:
            self.stmt(s, indent)

    def stmt(self, s: ast.stmt, indent: int) -> None:
        line = self.user(s)
        if isinstance(s, ast.If):
            self.emit(f"if {ast.unparse(self.rw.visit(s.test))}:", indent, line)
            self.body(s.body, indent + 1)
            if s.orelse:
                self.emit("else:", indent, line)
                self.body(s.orelse, indent + 1)
        elif isinstance(s, ast.For):
            self._for(s, indent, line)
        elif isinstance(s, ast.While):
            self.emit(f"while {ast.unparse(self.rw.visit(s.test))}:", indent, line)
            self.body(s.body, indent + 1)
        elif isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.With)):
            raise fail(self.cx.path, line, f"{type(s).__name__} inside a kernel")
        else:
            if isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant):
                return  # docstrings and bare constants
            self.emit(ast.unparse(self.rw.visit(s)), indent, line)
            self._coerce(s, indent, line)

    def _coerce(self, s: ast.stmt, indent: int, line: int) -> None:
        """A binding cuTile found to change type across a loop or branch, converted to the
        type the paths agree on right after it is made (``coercions.py``)."""
        target: ast.expr | None = None
        if isinstance(s, (ast.AugAssign, ast.AnnAssign)):
            target = s.target
        elif isinstance(s, ast.Assign) and len(s.targets) == 1:
            target = s.targets[0]
        if isinstance(target, ast.Name):
            fix = self.cx.coercions.get((target.id, line))
            if fix is not None:
                value = f"ct.astype({target.id}, ct.{fix.dtype})"
                if fix.shape is not None:
                    value = f"ct.broadcast_to({value}, {fix.shape!r})"
                self.emit(f"{target.id} = {value}", indent, line)

    def _for(self, s: ast.For, indent: int, line: int) -> None:
        it = s.iter
        if (
            isinstance(it, ast.Call)
            and isinstance(it.func, ast.Attribute)
            and isinstance(it.func.value, ast.Name)
            and it.func.attr == "tiles"
            and it.func.value.id in self.cx.mutables
        ):
            name = it.func.value.id
            spec = self.cx.mutables[name]
            if not spec.mapped:
                raise fail(self.cx.path, line, f"`{name}.tiles()` needs a mapped partition")
            counter = f"_tilert_k_{name}"
            tiles = " * ".join(
                f"ct.cdiv({name}.shape[{i}], {name}__t{i})" for i in range(spec.rank)
            )
            self.emit(
                f"for {counter} in range(ct.bid(0), {tiles}, ct.num_blocks(0)):", indent, line
            )
            grid = ", ".join(f"ct.cdiv({name}.shape[{i}], {name}__t{i})" for i in range(spec.rank))
            target = ast.unparse(s.target)
            self.emit(
                f"{target} = _tilert_tile_coords_{spec.rank}({counter}, ({grid},), {name}__group)",
                indent + 1,
                line,
            )
            self.body(s.body, indent + 1)
            return
        iterable = self.rw.visit(it)
        step = _negative_step(iterable)
        if step is not None and isinstance(s.target, ast.Name) and isinstance(iterable, ast.Call):
            # cuTile's range takes a positive step only: count the turns, derive the value
            start, stop = (ast.unparse(a) for a in iterable.args[:2])
            counter = f"_tilert_turn_{line}_{indent}"
            known = _turns(iterable.args[0], iterable.args[1], step)
            turns = str(known) if known is not None else f"ct.cdiv(({start}) - ({stop}), {-step})"
            self.emit(f"for {counter} in range({turns}):", indent, line)
            self.emit(f"{s.target.id} = ({start}) - {counter} * {-step}", indent + 1, line)
        else:
            self.emit(f"for {ast.unparse(s.target)} in {ast.unparse(iterable)}:", indent, line)
        self.body(s.body, indent + 1)
        if s.orelse:
            raise fail(self.cx.path, line, "for-else inside a kernel")


def _negative_step(iterable: ast.expr) -> int | None:
    """The step of ``range(start, stop, step)`` when it is a negative int literal."""
    if not (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Name)
        and iterable.func.id == "range"
        and len(iterable.args) == 3
        and not iterable.keywords
    ):
        return None
    step = _int_literal(iterable.args[2])
    return step if step is not None and step < 0 else None


def _turns(start: ast.expr, stop: ast.expr, step: int) -> int | None:
    """How many turns ``range(start, stop, step)`` makes, when both ends are int literals."""
    a, b = _int_literal(start), _int_literal(stop)
    return None if a is None or b is None else len(range(a, b, step))


def _int_literal(node: ast.expr) -> int | None:
    try:
        value = ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return None
    return value if type(value) is int else None
