"""Mutants of the held-out programs: does a finding survive a rewrite that keeps the program's
meaning (issue 17)?

Each held-out set was written once, in its authors' surface forms; the checker is then fixed on
those forms, and the next blind set shows how little of that transfers. This tool makes the
neighbours a blind user would write out of the SEEN programs: each transform rewrites a program
along one axis (module code moved into a function, a name held in a dict or on an object, the
statement run by a helper, the body under a ``__main__`` guard or a one-turn loop, neutral
names), the interpreter confirms that the mutant still fails at its (moved) mark or still runs
cleanly, and tilecheck is run on it. Per transform it reports how many mutants of found programs
are still found and how many mutants of clean correct programs are flagged: a form-keyed gate
shows as a transform that loses marks.

    python benchmarks/checker_mutants.py                       # every set with a RESULTS.md
    python benchmarks/checker_mutants.py --sets fresh18 fresh19 --transforms dict_cell
    python benchmarks/checker_mutants.py --keep /tmp/mutants   # also write the mutants kept

The mutants live in a temporary folder beside links to each set's package; the report (JSON)
goes to ``--out`` (default ``benchmarks/results/checker_mutants.json``). The sets' own marks
convention and oracle are ``checker_eval_fresh6/check_oracle.py``'s (strict: the expected code
at the mark's line; the fast launch path only)."""

from __future__ import annotations

import argparse
import datetime
import json
import os
import re
import runpy
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import libcst as cst
import libcst.metadata as meta

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
ORACLE: dict[str, Any] = runpy.run_path(str(HERE / "checker_eval_fresh6" / "check_oracle.py"))
ALSO = re.compile(r"#\s*expect-also\b")
CONFIG = 'select = ["TC"]\n'

Transform = Callable[[cst.Module, int], "cst.Module | None"]


# -- where the program's own code starts ----------------------------------------------------
def _is_header(stmt: cst.BaseStatement) -> bool:
    """Imports, definitions, the docstring: what a script keeps at module level."""
    if isinstance(stmt, (cst.FunctionDef, cst.ClassDef)):
        return True
    if isinstance(stmt, cst.SimpleStatementLine):
        return all(
            isinstance(s, (cst.Import, cst.ImportFrom))
            or (isinstance(s, cst.Expr) and isinstance(s.value, cst.SimpleString))
            for s in stmt.body
        )
    return False


def _split(module: cst.Module) -> tuple[list[cst.BaseStatement], list[cst.BaseStatement]]:
    """(the header, the script): the script is every statement from the first one that is not
    an import, a definition or the docstring, less the definitions among them (they stay in
    the header, in their order)."""
    body = list(module.body)
    first = next((i for i, s in enumerate(body) if not _is_header(s)), len(body))
    head = body[:first]
    rest = body[first:]
    return head + [s for s in rest if isinstance(s, (cst.FunctionDef, cst.ClassDef))], [
        s for s in rest if not isinstance(s, (cst.FunctionDef, cst.ClassDef))
    ]


def _is_main_guard(stmt: cst.BaseStatement) -> bool:
    return isinstance(stmt, cst.If) and "__name__" in cst.Module([]).code_for_node(stmt.test)


def _indented(stmts: list[cst.BaseStatement]) -> cst.IndentedBlock:
    return cst.IndentedBlock(body=stmts)


def _statement(code: str) -> cst.BaseStatement:
    return cst.parse_statement(code)


# -- the transforms -------------------------------------------------------------------------
def function_body(module: cst.Module, _mark: int) -> cst.Module | None:
    """The script's statements moved into ``def main()``, called at the end; a name they bind
    that a function of the module reads is declared ``global`` there (same meaning)."""
    head, script = _split(module)
    if not script or any(_is_main_guard(s) for s in script):
        return None
    bound = _bound_names(script)
    read_in_defs = _names_read_in(s for s in head if isinstance(s, (cst.FunctionDef, cst.ClassDef)))
    shared = sorted(bound & read_in_defs)
    body: list[cst.BaseStatement] = []
    if shared:
        body.append(_statement(f"global {', '.join(shared)}\n"))
    body += script
    main = cst.FunctionDef(
        name=cst.Name("main"),
        params=cst.Parameters(),
        body=_indented(body),
        returns=cst.Annotation(cst.Name("None")),
        leading_lines=[cst.EmptyLine(), cst.EmptyLine()],
    )
    return module.with_changes(body=[*head, main, _statement("main()\n")])


def main_guard(module: cst.Module, _mark: int) -> cst.Module | None:
    """The script's statements under ``if __name__ == "__main__":`` (names stay global)."""
    head, script = _split(module)
    if not script or any(_is_main_guard(s) for s in script):
        return None
    guard = cst.If(
        test=cst.parse_expression('__name__ == "__main__"'),
        body=_indented(script),
        leading_lines=[cst.EmptyLine()],
    )
    return module.with_changes(body=[*head, guard])


def loop_once(module: cst.Module, _mark: int) -> cst.Module | None:
    """The script's statements as the body of a loop of one turn (``for attempt in
    range(1):``), as a retry loop that succeeds at once."""
    head, script = _split(module)
    if not script or _has(script, (cst.Break, cst.Continue, cst.Return)):
        return None
    loop = cst.For(
        target=cst.Name("_attempt"),
        iter=cst.parse_expression("range(1)"),
        body=_indented(script),
        leading_lines=[cst.EmptyLine()],
    )
    return module.with_changes(body=[*head, loop])


class _Helper(cst.CSTTransformer):
    """The marked statement (a call, a ``return`` or an assignment of one value) run by a local
    helper defined just before it: ``def _step(): <call>`` / ``def _step(): return <value>``;
    with ``params_of``, the names it reads passed as arguments (``def _step(a, b)``); with
    ``method``, the helper a method of a class (``class _Stage: def step(self, a, b)``).

    A helper given its variables is defined where users define one, at the module's level just
    before the module statement holding the mark (a ``def`` or a class inside a loop's body,
    made anew each turn, is a form users rarely write), wherever every name the statement reads
    is passed or is the module's; else (it reads a name of an enclosing function it is not
    given, or calls ``super()``) just before the statement, as the closure form is."""

    def __init__(
        self,
        line_of: Callable[[cst.CSTNode], int],
        mark: int,
        params_of: Callable[[cst.CSTNode], list[str]] | None = None,
        method: bool = False,
        hoistable: Callable[[cst.CSTNode, list[str]], bool] | None = None,
        holds_mark: Callable[[cst.CSTNode], bool] | None = None,
    ) -> None:
        self.line_of = line_of
        self.mark = mark
        self.params_of = params_of  # the names passed as arguments (none: a closure)
        self.method = method  # the helper a method of a class made beside it
        self.hoistable = hoistable  # whether the helper may be defined at the module's level
        self.holds_mark = holds_mark  # whether a module statement holds the mark's line
        self.hoisted: cst.BaseStatement | None = None  # the helper, for the module's level
        self.done = False
        self.owners: list[type] = []  # the enclosing definitions, innermost last

    def visit_ClassDef(self, node: cst.ClassDef) -> None:
        self.owners.append(cst.ClassDef)

    def leave_ClassDef(self, original: cst.ClassDef, updated: cst.ClassDef) -> cst.ClassDef:
        self.owners.pop()
        return updated

    def visit_FunctionDef(self, node: cst.FunctionDef) -> None:
        self.owners.append(cst.FunctionDef)

    def leave_FunctionDef(
        self, original: cst.FunctionDef, updated: cst.FunctionDef
    ) -> cst.FunctionDef:
        self.owners.pop()
        return updated

    def _moved(
        self, original: cst.BaseStatement, stmt: cst.BaseStatement
    ) -> list[cst.BaseStatement] | None:
        if (
            self.done
            or (self.owners and self.owners[-1] is cst.ClassDef)  # a class body: no closure
            or not isinstance(stmt, cst.SimpleStatementLine)
            or len(stmt.body) != 1
            or self.line_of(original) != self.mark
            or _has([stmt], (cst.Await, cst.Yield, cst.NamedExpr))
        ):
            return None
        names = [] if self.params_of is None else self.params_of(original)
        if self.params_of is not None and not names:
            return None  # nothing to pass: the plain helper's mutant already
        small = stmt.body[0]
        callee = "_Stage().step" if self.method else "_step"
        invoked = f"{callee}({', '.join(names)})"
        if isinstance(small, cst.Expr) and isinstance(small.value, cst.Call):
            inner: cst.BaseSmallStatement = small
            call = f"{invoked}  # expect-also\n"
        elif isinstance(small, cst.Return) and small.value is not None:
            inner = small
            call = f"return {invoked}  # expect-also\n"
        elif isinstance(small, cst.Assign) and len(small.targets) == 1:
            inner = cst.Return(small.value)
            target = cst.Module([]).code_for_node(small.targets[0].target)
            call = f"{target} = {invoked}  # expect-also\n"
        else:
            return None
        self.done = True
        params = [cst.Param(cst.Name(n)) for n in (["self", *names] if self.method else names)]
        helper: cst.BaseStatement = cst.FunctionDef(
            name=cst.Name("step" if self.method else "_step"),
            params=cst.Parameters(params=params),
            body=_indented([stmt.with_changes(body=[inner], leading_lines=[])]),
            leading_lines=[] if self.method else stmt.leading_lines,
        )
        if self.method:
            helper = cst.ClassDef(
                name=cst.Name("_Stage"), body=_indented([helper]), leading_lines=stmt.leading_lines
            )
        if self.owners and self.hoistable is not None and self.hoistable(original, names):
            self.hoisted = helper.with_changes(leading_lines=[cst.EmptyLine()])
            return [_statement(call).with_changes(leading_lines=stmt.leading_lines)]
        return [helper, _statement(call)]

    def _rewrite(
        self, originals: Sequence[cst.BaseStatement], body: Sequence[cst.BaseStatement]
    ) -> list[cst.BaseStatement]:
        """``body``, the statements as updated, beside ``originals`` (whose lines are known)."""
        out: list[cst.BaseStatement] = []
        for original, stmt in zip(originals, body, strict=True):
            moved = self._moved(original, stmt)
            out += [stmt] if moved is None else moved
        return out

    def leave_Module(self, original: cst.Module, updated: cst.Module) -> cst.Module:
        body = self._rewrite(original.body, updated.body)
        if self.hoisted is not None and self.holds_mark is not None:
            out: list[cst.BaseStatement] = []
            for first, stmt in zip(original.body, body, strict=True):
                if self.hoisted is not None and self.holds_mark(first):
                    out.append(self.hoisted)
                    self.hoisted = None
                out.append(stmt)
            body = out
        return updated.with_changes(body=body)

    def leave_IndentedBlock(
        self, original: cst.IndentedBlock, updated: cst.IndentedBlock
    ) -> cst.IndentedBlock:
        return updated.with_changes(body=self._rewrite(original.body, updated.body))


def helper_call(module: cst.Module, mark: int) -> cst.Module | None:
    """The marked statement moved into a helper called in its place (``_Helper``; the mark
    stays on the statement, the call gets ``# expect-also``)."""
    return _helped(module, mark, passed=False, method=False)


def helper_args(module: cst.Module, mark: int) -> cst.Module | None:
    """The marked statement moved into a helper that takes the variables it reads as
    parameters, called with them in its place."""
    return _helped(module, mark, passed=True, method=False)


def method_call(module: cst.Module, mark: int) -> cst.Module | None:
    """The marked statement moved into a method of a class made beside it, the variables it
    reads passed as arguments (``_Stage().step(a, b)``)."""
    return _helped(module, mark, passed=True, method=True)


def _helped(module: cst.Module, mark: int, passed: bool, method: bool) -> cst.Module | None:
    if not mark:
        return None
    wrapper = meta.MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(meta.PositionProvider)
    scopes = wrapper.resolve(meta.ScopeProvider) if passed else {}

    def line_of(node: cst.CSTNode) -> int:
        return positions[node].start.line if node in positions else -1

    # the transformer sees updated nodes: match on the original statements' lines
    originals = {id(n): line_of(n) for n in positions}
    by_id = {id(n): n for n in positions}

    def params_of(stmt: cst.CSTNode) -> list[str]:
        node = by_id.get(id(stmt))
        return [] if node is None else _variables_read(node, scopes)

    def hoistable(stmt: cst.CSTNode, names: list[str]) -> bool:
        node = by_id.get(id(stmt))
        return node is not None and _module_level_reads(node, scopes, names)

    def holds_mark(stmt: cst.CSTNode) -> bool:
        node = by_id.get(id(stmt))
        if node is None or node not in positions:
            return False
        span = positions[node]
        return span.start.line <= mark <= span.end.line

    helper = _Helper(
        lambda n: originals.get(id(n), -1),
        mark,
        params_of if passed else None,
        method,
        hoistable if passed else None,
        holds_mark,
    )
    out = module.visit(helper)
    return out if helper.done and helper.hoisted is None else None


def _module_level_reads(
    stmt: cst.CSTNode, scopes: Mapping[cst.CSTNode, meta.Scope | None], names: list[str]
) -> bool:
    """Whether every name ``stmt`` reads is passed (``names``), the module's, a builtin or
    bound inside ``stmt`` itself (a comprehension's or a lambda's), and it calls no
    ``super()``: then a helper running it may be defined at the module's level."""
    inside = {id(n) for n in _walk([stmt])}
    skipped: set[int] = set()
    for node in _walk([stmt]):
        if isinstance(node, cst.Attribute):
            skipped.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            skipped.add(id(node.keyword))
    for node in _walk([stmt]):
        if not isinstance(node, cst.Name) or node.value in names or id(node) in skipped:
            continue
        if node.value == "super":
            return False
        scope = scopes.get(node)
        if scope is None or node.value not in scope:
            continue
        for a in scope[node.value]:
            if isinstance(a.scope, meta.GlobalScope):
                continue
            if isinstance(a, meta.Assignment) and id(a.node) in inside:
                continue
            if not isinstance(a, meta.Assignment):
                continue  # a builtin
            return False
    return True


def _variables_read(
    stmt: cst.CSTNode, scopes: Mapping[cst.CSTNode, meta.Scope | None]
) -> list[str]:
    """The variables a simple statement reads (names bound by assignment in its own scope or
    the module's, not functions, classes, imports or builtins), in order of first read; none
    where it rebinds one of them (``x += 1`` would rebind the helper's parameter)."""
    small = stmt.body[0] if isinstance(stmt, cst.SimpleStatementLine) else None
    if small is None or isinstance(small, cst.AugAssign):
        return []
    own = scopes.get(small)
    if own is None:
        return []
    skipped: set[int] = set()
    for node in _walk([stmt]):
        if isinstance(node, cst.Attribute):
            skipped.add(id(node.attr))
        elif isinstance(node, cst.Arg) and node.keyword is not None:
            skipped.add(id(node.keyword))
    if isinstance(small, cst.Assign):
        skipped.update(id(n) for t in small.targets for n in _walk([t.target]))
    out: list[str] = []
    for node in _walk([stmt]):
        if not isinstance(node, cst.Name) or id(node) in skipped or node.value in out:
            continue
        scope = scopes.get(node)
        if scope is None or node.value not in scope:
            continue
        found = list(scope[node.value])
        if not found or any(
            not isinstance(a, meta.Assignment)
            or isinstance(a.node, (cst.FunctionDef, cst.ClassDef, cst.Import, cst.ImportFrom))
            or not (a.scope is own or isinstance(a.scope, meta.GlobalScope))
            for a in found
        ):
            continue
        out.append(node.value)
    return sorted(out)


def with_block(module: cst.Module, _mark: int) -> cst.Module | None:
    """The script's statements inside ``with contextlib.nullcontext():`` (a managed block that
    changes nothing, as a user's ``with torch.no_grad():`` or a timer)."""
    head, script = _split(module)
    if not script or any(_is_main_guard(s) for s in script):
        return None
    block = cst.With(
        items=[cst.WithItem(cst.parse_expression("contextlib.nullcontext()"))],
        body=_indented(script),
        leading_lines=[cst.EmptyLine()],
    )
    return module.with_changes(body=[_statement("import contextlib\n"), *head, block])


def partial_call(module: cst.Module, mark: int) -> cst.Module | None:
    """The call on the marked line made through ``functools.partial`` of its first argument,
    bound just before: ``_bound = functools.partial(f, a)`` then ``_bound(b)``."""
    if not mark:
        return None
    wrapper = meta.MetadataWrapper(module, unsafe_skip_copy=True)
    positions = wrapper.resolve(meta.PositionProvider)
    lines = {id(n): p.start.line for n, p in positions.items()}
    state = {"done": False}

    class Bind(cst.CSTTransformer):
        def leave_SimpleStatementLine(
            self, original: cst.SimpleStatementLine, updated: cst.SimpleStatementLine
        ) -> cst.SimpleStatementLine | cst.FlattenSentinel[cst.BaseStatement]:
            if state["done"] or lines.get(id(original)) != mark or len(updated.body) != 1:
                return updated
            call = _outer_call(updated.body[0])
            if call is None or _has([updated], (cst.Await, cst.Yield, cst.NamedExpr)):
                return updated
            first, *rest = call.args
            if (
                first.keyword is not None
                or first.star
                or not isinstance(call.func, (cst.Name, cst.Attribute))
            ):
                return updated
            state["done"] = True
            partial = cst.Call(
                func=cst.parse_expression("functools.partial"),
                args=[cst.Arg(call.func), first.with_changes(comma=cst.MaybeSentinel.DEFAULT)],
            )
            bound = cst.SimpleStatementLine(
                body=[cst.Assign(targets=[cst.AssignTarget(cst.Name("_bound"))], value=partial)],
                leading_lines=updated.leading_lines,
            )
            new = call.with_changes(func=cst.Name("_bound"), args=rest)
            line = cst.ensure_type(updated.deep_replace(call, new), cst.SimpleStatementLine)
            return cst.FlattenSentinel([bound, line.with_changes(leading_lines=[])])

    out = module.visit(Bind())
    if not state["done"]:
        return None
    return out.with_changes(body=[_statement("import functools\n"), *out.body])


def _outer_call(small: cst.BaseSmallStatement) -> cst.Call | None:
    """The call a statement makes at its top: ``f(a)``, ``return f(a)``, ``x = f(a)``, with at
    least one positional argument."""
    value: cst.BaseExpression | None = None
    if isinstance(small, (cst.Expr, cst.Return, cst.Assign, cst.AnnAssign)):
        value = small.value
    if isinstance(value, cst.Call) and value.args:
        return value
    return None


def _cell(kind: str) -> Transform:
    def transform(module: cst.Module, mark: int) -> cst.Module | None:
        return _renamed(module, mark, kind)

    transform.__name__ = kind
    transform.__doc__ = {
        "dict_cell": 'A module-level name read on the marked line held in a dict (`_ns["x"]`).',
        "attr_cell": "A module-level name read on the marked line held on an object (`_ns.x`).",
        "rename": "Every module-level name the script binds renamed (`_v1`, `_v2`, ...).",
    }[kind]
    return transform


def _renamed(module: cst.Module, mark: int, kind: str) -> cst.Module | None:
    wrapper = meta.MetadataWrapper(module)
    scopes = wrapper.resolve(meta.ScopeProvider)
    positions = wrapper.resolve(meta.PositionProvider)
    module = wrapper.module
    glob = next((s for s in scopes.values() if isinstance(s, meta.GlobalScope)), None)
    if glob is None:
        return None
    _head, script = _split(module)
    script_bound = _bound_names(script)
    eligible: list[str] = []
    for name in sorted(script_bound):
        assignments = list(glob.assignments[name])
        if not assignments or any(
            not isinstance(a, meta.Assignment)
            or isinstance(a.node, (cst.FunctionDef, cst.ClassDef, cst.Import, cst.ImportFrom))
            for a in assignments
        ):
            continue
        if any(not _substitutable(a.node) for a in assignments):
            continue
        eligible.append(name)
    if kind != "rename":
        on_mark = {
            a.node.value
            for name in eligible
            for a in _references(glob, name)
            if isinstance(a.node, cst.Name)
            and a.node in positions
            and positions[a.node].start.line == mark
        }
        eligible = sorted(on_mark)[:1]
    if not eligible:
        return None
    targets: dict[int, cst.BaseExpression] = {}
    quoted = _in_fstrings(module) if kind == "dict_cell" else set()
    for i, name in enumerate(eligible, start=1):
        new: cst.BaseExpression
        if kind == "dict_cell":
            new = cst.parse_expression(f"_ns[{name!r}]")
        elif kind == "attr_cell":
            new = cst.parse_expression(f"_ns.{name}")
        else:
            new = cst.Name(f"_v{i}")
        nodes = [a.node for a in _references(glob, name)]
        nodes += [a.node for a in glob.assignments[name]]
        if kind == "dict_cell" and any(id(node) in quoted for node in nodes):
            return None
        targets.update((id(node), new) for node in nodes)

    class Swap(cst.CSTTransformer):
        def leave_Name(self, original: cst.Name, updated: cst.Name) -> cst.BaseExpression:
            return targets.get(id(original), updated)

    out = module.visit(Swap())
    if kind == "rename":
        return out
    head, script = _split(out)
    made = "_ns: dict = {}\n" if kind == "dict_cell" else "_ns = types.SimpleNamespace()\n"
    extra = [_statement("import types\n")] if kind == "attr_cell" else []
    return out.with_changes(body=[*extra, *head, _statement(made), *script])


def _references(glob: meta.GlobalScope, name: str) -> list[meta.Access]:
    """Every read of the module-level ``name``, from any scope (a function's, a
    comprehension's)."""
    return [ref for a in glob.assignments[name] for ref in a.references]


def _substitutable(node: cst.CSTNode) -> bool:
    """An assignment made by a name (an import or a definition is not); whether the name may
    become an item or an attribute there (not a walrus or a match capture) is left to
    ``compile`` of the mutant."""
    return isinstance(node, cst.Name)


def _in_fstrings(module: cst.Module) -> set[int]:
    """The names inside f-strings (a quoted key there would end the string before 3.12)."""
    return {
        id(n)
        for f in _walk([module])
        if isinstance(f, cst.FormattedString)
        for n in _walk([f])
        if isinstance(n, cst.Name)
    }


TRANSFORMS: dict[str, Transform] = {
    "function_body": function_body,
    "main_guard": main_guard,
    "loop_once": loop_once,
    "helper_call": helper_call,
    "helper_args": helper_args,
    "method_call": method_call,
    "with_block": with_block,
    "partial_call": partial_call,
    "dict_cell": _cell("dict_cell"),
    "attr_cell": _cell("attr_cell"),
    "rename": _cell("rename"),
}


# -- small syntax helpers -------------------------------------------------------------------
def _compiles(code: str) -> bool:
    try:
        compile(code, "<mutant>", "exec")
    except SyntaxError:
        return False
    return True


def _walk(nodes: Iterator[cst.CSTNode] | list[Any]) -> Iterator[cst.CSTNode]:
    stack = list(nodes)
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children)


def _has(stmts: list[cst.BaseStatement], kinds: tuple[type, ...]) -> bool:
    """A loop-control or return statement outside any nested function or loop."""
    stack: list[cst.CSTNode] = list(stmts)
    while stack:
        node = stack.pop()
        if isinstance(node, kinds):
            return True
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda, cst.For, cst.While)):
            continue
        stack.extend(node.children)
    return False


def _bound_names(stmts: list[cst.BaseStatement]) -> set[str]:
    """Names the statements bind at their own level (assignment, ``for``, ``with`` targets)."""
    out: set[str] = set()

    def targets(expr: cst.BaseExpression) -> None:
        if isinstance(expr, cst.Name):
            out.add(expr.value)
        elif isinstance(expr, (cst.Tuple, cst.List)):
            for e in expr.elements:
                targets(e.value)
        elif isinstance(expr, cst.StarredElement):
            targets(expr.value)

    for node in _walk(list(stmts)):
        if isinstance(node, (cst.FunctionDef, cst.ClassDef, cst.Lambda)):
            continue
        if isinstance(node, cst.AssignTarget):
            targets(node.target)
        elif isinstance(node, (cst.AnnAssign, cst.AugAssign)):
            targets(node.target)
        elif isinstance(node, cst.For):
            targets(node.target)
        elif isinstance(node, cst.AsName):
            targets(node.name)
    return out


def _names_read_in(defs: Iterator[cst.BaseStatement]) -> set[str]:
    return {n.value for n in _walk(list(defs)) if isinstance(n, cst.Name)}


# -- running --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Verdict:
    violating: bool  # the program has an ``# expect:`` mark
    oracle_ok: bool  # the interpreter agrees with the marks
    found: bool  # strict: the expected code at the mark (violating) / no finding (correct)
    detail: str


def _judge(path: Path, env: dict[str, str]) -> Verdict:
    prog = ORACLE["load"](path)
    proc = subprocess.run(
        [sys.executable, "-W", "always", str(path)],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(path.parent),
        timeout=120,
    )
    problem = ORACLE["judge"](prog, proc)
    if problem is not None:
        return Verdict(prog.code is not None, False, False, f"oracle: {problem}")
    config = path.parent / "tilecheck.toml"
    check = subprocess.run(
        [
            sys.executable,
            "-m",
            "tilecheck",
            "--config",
            str(config),
            "--output-format",
            "json",
            str(path),
        ],
        capture_output=True,
        text=True,
        env=env,
        cwd=str(path.parent),
        timeout=300,
    )
    try:
        findings = json.loads(check.stdout or "[]")
    except json.JSONDecodeError:
        return Verdict(prog.code is not None, True, False, f"tilecheck: {check.stderr[-200:]}")
    lines = path.read_text().splitlines()
    also = {n for n, text in enumerate(lines, start=1) if ALSO.search(text)}
    shown = ", ".join(f"{f['code']}@{f['line']}" for f in findings)
    if prog.code is None:
        return Verdict(
            False, True, not findings, ", ".join(f"{f['code']}@{f['line']}" for f in findings)
        )
    hit = any(f["code"] == prog.code and f["line"] in {prog.line, *also} for f in findings)
    return Verdict(True, True, hit, shown)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="*", help="set names (fresh17 ...); default: scored ones")
    parser.add_argument("--transforms", nargs="*", choices=sorted(TRANSFORMS))
    parser.add_argument("--programs", nargs="*", help="substrings of program names")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("-v", "--verbose", action="store_true", help="print every verdict")
    parser.add_argument("--keep", type=Path, help="write every mutant kept here")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "checker_mutants.json")
    args = parser.parse_args()
    sets = args.sets or sorted(
        p.parent.name.removeprefix("checker_eval_")
        for p in HERE.glob("checker_eval_fresh*/RESULTS.md")
    )
    transforms = args.transforms or list(TRANSFORMS)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env.pop("TILERT_PURE_PYTHON", None)
    jobs: list[tuple[str, str, str, Path]] = []
    with tempfile.TemporaryDirectory(prefix="tilecheck-mutants-") as tmp:
        for name in sets:
            programs = HERE / f"checker_eval_{name}" / "programs"
            work = Path(tmp) / name
            work.mkdir()
            (work / "tilecheck.toml").write_text(CONFIG)
            for entry in programs.iterdir():
                if entry.is_dir() and not entry.name.startswith((".", "__")):
                    (work / entry.name).symlink_to(entry)
            for path in sorted(programs.glob("p[0-9]*.py")):
                if args.programs and not any(s in path.name for s in args.programs):
                    continue
                source = path.read_text()
                original = work / path.name
                original.write_text(source)
                jobs.append((name, path.stem, "original", original))
                mark = ORACLE["load"](path).line
                module = cst.parse_module(source)
                for t in transforms:
                    try:
                        mutant = TRANSFORMS[t](module, mark)
                    except Exception as error:  # a transform that cannot read this program
                        print(f"skip {name}/{path.stem} {t}: {error!r}", file=sys.stderr)
                        continue
                    if mutant is None or mutant.code == source or not _compiles(mutant.code):
                        continue
                    out = work / f"{path.stem}__{t}.py"
                    out.write_text(mutant.code)
                    jobs.append((name, path.stem, t, out))
        print(f"{len(jobs)} programs and mutants to run", file=sys.stderr, flush=True)
        with ThreadPoolExecutor(args.jobs) as pool:
            verdicts = list(pool.map(lambda j: _judge(j[3], env), jobs))
        if args.verbose:
            for (name, stem, t, _path), v in zip(jobs, verdicts, strict=True):
                print(f"{name}/{stem} {t}: oracle {v.oracle_ok} right {v.found} {v.detail}")
        if args.keep:
            args.keep.mkdir(parents=True, exist_ok=True)
            for (name, _stem, t, path), v in zip(jobs, verdicts, strict=True):
                if t != "original" and v.oracle_ok:
                    (args.keep / f"{name}__{path.name}").write_text(path.read_text())
    report = _report(jobs, verdicts, sets, transforms)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=1) + "\n")
    return 0


def _commit() -> str:
    """The checkout's commit, or "unknown" outside one (an archive of a tree)."""
    try:
        out = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, cwd=ROOT
        )
    except OSError:
        return "unknown"
    return out.stdout.strip() or "unknown"


def _report(
    jobs: list[tuple[str, str, str, Path]],
    verdicts: list[Verdict],
    sets: list[str],
    transforms: list[str],
) -> dict[str, Any]:
    base: dict[tuple[str, str], Verdict] = {}
    for (name, stem, t, _path), v in zip(jobs, verdicts, strict=True):
        if t == "original":
            base[(name, stem)] = v
    rows = []
    print(
        f"{'transform':<14} {'mutants':>7} {'oracle':>6} | found: kept lost | clean: kept flagged"
    )
    for t in transforms:
        made = ok = kept = lost = clean = flagged = 0
        lost_names: list[str] = []
        flagged_names: list[str] = []
        for (name, stem, tt, _path), v in zip(jobs, verdicts, strict=True):
            if tt != t:
                continue
            made += 1
            b = base[(name, stem)]
            if not v.oracle_ok or not b.oracle_ok or not b.found:
                continue  # compare only where the original is right and judged well
            ok += 1
            if b.violating:
                kept += v.found
                lost += not v.found
                if not v.found:
                    lost_names.append(f"{name}/{stem}: {v.detail}")
            else:
                clean += v.found
                flagged += not v.found
                if not v.found:
                    flagged_names.append(f"{name}/{stem}: {v.detail}")
        print(f"{t:<14} {made:>7} {ok:>6} | {kept:>11} {lost:>4} | {clean:>11} {flagged:>7}")
        rows.append(
            {
                "transform": t,
                "doc": (TRANSFORMS[t].__doc__ or "").strip().splitlines()[0],
                "mutants": made,
                "compared": ok,
                "found_kept": kept,
                "found_lost": lost,
                "clean_kept": clean,
                "clean_flagged": flagged,
                "lost": lost_names,
                "flagged": flagged_names,
            }
        )
    originals = [v for (_n, _s, t, _p), v in zip(jobs, verdicts, strict=True) if t == "original"]
    return {
        "benchmark": "checker_mutants",
        "date": datetime.date.today().isoformat(),
        "commit": _commit(),
        "sets": sets,
        "originals": len(originals),
        "originals_oracle_ok": sum(v.oracle_ok for v in originals),
        "originals_right": sum(v.oracle_ok and v.found for v in originals),
        "rows": rows,
    }


if __name__ == "__main__":
    sys.exit(main())
