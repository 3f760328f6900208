"""One walk over a kernel's body: the syntax the compiler cannot lower is reported as it is met
(TC204), everything else is recorded as facts (``tilecheck.kernel.facts``) for the checks in
``calls`` and ``stores``.

Python decides which names are locals from the whole function (a name assigned anywhere in it
is local everywhere in it), so whether ``tl`` in ``tl.exp(t)`` is the module or a local is
only known once the walk is over. The walk therefore records calls, references and bindings,
and the checks decide afterwards. Nested functions, classes, lambdas and comprehensions are
reported once where they are written and not entered."""

from __future__ import annotations

import libcst as cst

from tilecheck.codes import UNSUPPORTED_CONSTRUCT
from tilecheck.kernel.facts import (
    OPAQUE,
    Alias,
    Augmented,
    BodyFacts,
    CallSite,
    Item,
    LoopCounter,
    Origin,
    TileIndex,
    Unpack,
    Value,
)
from tilecheck.kernel.findings import Finding
from tilecheck.syntax.nodes import dotted_name, target_names
from tilecheck.syntax.walk import children

_UNSUPPORTED_EXPRESSIONS: dict[type[cst.CSTNode], str] = {
    cst.Lambda: "a lambda",
    cst.ListComp: "a list comprehension",
    cst.SetComp: "a set comprehension",
    cst.DictComp: "a dict comprehension",
    cst.GeneratorExp: "a generator expression",
    cst.Yield: "`yield`",
}
_HINT_EXPRESSION = "write it out with `for ... in range(...)` or a @tr.function helper"

_UNSUPPORTED_STATEMENTS: dict[type[cst.CSTNode], str] = {
    cst.Del: "`del`",
    cst.Global: "`global`",
    cst.Nonlocal: "`nonlocal`",
    cst.Import: "an import",
    cst.ImportFrom: "an import",
    cst.Raise: "`raise`",
}


# The method that walks each kind of statement, by name; called on the walker (a table of
# bound methods kept on it would make each walker a reference cycle).
_STATEMENT_METHODS: dict[type[cst.CSTNode], str] = {
    cst.SimpleStatementLine: "_simple_line",
    cst.SimpleStatementSuite: "_simple_line",
    cst.IndentedBlock: "_block",
    cst.If: "_if",
    cst.For: "_for",
    cst.While: "_while",
    cst.Try: "_try",
    cst.TryStar: "_try",
    cst.With: "_with",
    cst.FunctionDef: "_nested_definition",
    cst.ClassDef: "_nested_definition",
    cst.Match: "_match",
}


class BodyWalker:
    """Walks one kernel body once; see the module docstring."""

    def __init__(self, is_function: bool) -> None:
        self.facts = BodyFacts()
        self._is_function = is_function
        self._tiles_loops: list[str] = []
        self._conditional = 0  # enclosing constructs that may not run what they hold
        self._cut = False  # a ``return``, ``break`` or ``continue`` met: what follows may not run

    def walk(self, body: cst.BaseSuite) -> BodyFacts:
        self._statement(body)
        return self.facts

    def _report(self, node: cst.CSTNode, message: str) -> None:
        self.facts.findings.append(Finding(UNSUPPORTED_CONSTRUCT, node, message))

    # -- bindings ---------------------------------------------------------------------------
    def bind(self, name: str, origin: Origin, target: cst.Name | None = None) -> None:
        self.facts.locals.add(name)
        self.facts.bindings.setdefault(name, []).append(origin)
        if target is not None:
            self.facts.assigned.append((target, origin))

    def _assign_target(self, target: cst.BaseExpression, value: cst.BaseExpression | None) -> None:
        if isinstance(target, cst.Name):
            if isinstance(value, cst.Name):
                self.bind(target.value, Alias(value.value, value), target)
            else:
                self.bind(target.value, Value(value) if value is not None else OPAQUE, target)
        elif isinstance(target, (cst.Tuple, cst.List)):
            values: list[cst.BaseExpression | None] = [None] * len(target.elements)
            if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(values):
                if not any(isinstance(e, cst.StarredElement) for e in value.elements):
                    values = [e.value for e in value.elements]
            elif value is not None and self._unpack_items(target, value):
                return
            for element, element_value in zip(target.elements, values, strict=True):
                self._assign_target(element.value, element_value)
        elif isinstance(target, cst.StarredElement):
            self._assign_target(target.value, None)
        elif isinstance(target, (cst.Subscript, cst.Attribute)):
            self.facts.item_writes.append(target)
            self._expression(target.value)
            if isinstance(target, cst.Subscript):
                for index in target.slice:
                    self._expression(index.slice)
        else:
            self._expression(target)

    def _unpack_items(self, target: cst.Tuple | cst.List, value: cst.BaseExpression) -> bool:
        """``bm, bn = z.tile_shape``: each name is one element of the value. False (nothing
        bound) unless every element of the target is a plain name."""
        names = [e.value for e in target.elements]
        if not all(
            isinstance(e, cst.Element) and isinstance(n, cst.Name)
            for e, n in zip(target.elements, names, strict=True)
        ):
            return False
        for position, name in enumerate(names):
            assert isinstance(name, cst.Name)
            self.bind(name.value, Item(value, position), name)
        return True

    def _unpack(self, target: cst.BaseExpression, node: cst.Assign) -> bool:
        """``i, j = idx``: each name is one element of ``idx`` (a tile index unpacked is still
        the block's own tile, element by element). False if ``target = value`` is not that."""
        if not isinstance(target, (cst.Tuple, cst.List)) or not isinstance(node.value, cst.Name):
            return False
        elements = target.elements
        if not all(isinstance(e, cst.Element) and isinstance(e.value, cst.Name) for e in elements):
            return False
        for position, element in enumerate(elements):
            assert isinstance(element.value, cst.Name)
            unpacked = Unpack(node.value.value, position, len(elements), node)
            self.bind(element.value.value, unpacked, element.value)
        return True

    # -- statements -------------------------------------------------------------------------
    def _statement(self, node: cst.CSTNode) -> None:
        name = _STATEMENT_METHODS.get(type(node))
        if name is not None:
            getattr(self, name)(node)
        else:
            self._report(node, f"`{type(node).__name__}` is not supported in a kernel")

    def _block(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.IndentedBlock)
        for stmt in node.body:
            self._statement(stmt)

    def _simple_line(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.SimpleStatementLine, cst.SimpleStatementSuite))
        for small in node.body:
            self._small(small)

    def _small(self, node: cst.BaseSmallStatement) -> None:
        held = getattr(node, "value", None)
        if type(held) is cst.List and not isinstance(node, cst.Expr):
            self._report(
                held,
                "a list kept in a variable is not supported in a kernel (cuTile has no lists); "
                "keep a fixed number of tiles in names or a tuple, and pass them to `tl.cat` "
                "as a literal (`tl.cat([a, b], axis)`), or store each piece as it is made",
            )
        if isinstance(node, cst.Expr):
            self._expression(node.value)
        elif isinstance(node, cst.Assign):
            self._expression(node.value)
            for target in node.targets:
                if not self._unpack(target.target, node):
                    self._assign_target(target.target, node.value)
        elif isinstance(node, cst.AnnAssign):
            if node.value is not None:
                self._expression(node.value)
            self._assign_target(node.target, node.value)
        elif isinstance(node, cst.AugAssign):
            self._expression(node.value)
            if isinstance(node.target, cst.Name):
                self._expression(node.target)  # read before it is written
                self.bind(node.target.value, Augmented(node), node.target)
            else:
                self._assign_target(node.target, None)
        elif isinstance(node, cst.Return):
            self._cut = True
            if node.value is not None:
                self._expression(node.value)
                if not self._is_function:
                    self.facts.value_returns.append(node)
        elif isinstance(node, cst.Assert):
            self._expression(node.test)
            if node.msg is not None:
                self._expression(node.msg)
        elif type(node) in _UNSUPPORTED_STATEMENTS:
            self._unsupported_statement(node)
        elif isinstance(node, (cst.Break, cst.Continue)):
            self._cut = True
        elif isinstance(node, cst.Pass):
            pass
        else:
            self._report(node, f"`{type(node).__name__}` is not supported in a kernel")

    def _unsupported_statement(self, node: cst.BaseSmallStatement) -> None:
        what = _UNSUPPORTED_STATEMENTS[type(node)]
        hint = ""
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            hint = "; import at module level"
            for alias in node.names if not isinstance(node.names, cst.ImportStar) else ():
                bound = alias.asname.name if alias.asname is not None else alias.name
                name = dotted_name(bound) if isinstance(bound, cst.BaseExpression) else None
                if name is not None:
                    self.bind(name.partition(".")[0], OPAQUE)
        elif isinstance(node, cst.Raise):
            hint = "; kernels cannot raise (check inputs on the host)"
        elif isinstance(node, (cst.Global, cst.Nonlocal)):
            hint = "; pass the value as a parameter"
        elif isinstance(node, cst.Del):
            for target in target_names(node.target):
                self.bind(target, OPAQUE)
        self._report(node, f"{what} is not supported in a kernel{hint}")

    def _if(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.If)
        self._expression(node.test)
        self._conditional += 1
        self._statement(node.body)
        if isinstance(node.orelse, cst.If):
            self._if(node.orelse)
        elif isinstance(node.orelse, cst.Else):
            self._statement(node.orelse.body)
        self._conditional -= 1

    def _for(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.For)
        if node.asynchronous is not None:
            self._report(node.asynchronous, "`async for` is not supported in a kernel")
        self._expression(node.iter)
        self.facts.loops.append(node)
        receiver = _tiles_receiver(node.iter)
        if receiver is not None:
            self._bind_tile_index(node.target, receiver, node)
        elif isinstance(node.target, cst.Name) and _is_range(node.iter):
            self.bind(node.target.value, LoopCounter(node), node.target)
        else:
            self._assign_target(node.target, None)
        if receiver is not None:
            self._tiles_loops.append(receiver)
        else:  # a ``range`` may be empty; the tiles of a partition are covered by the blocks
            self._conditional += 1
        self._statement(node.body)
        if receiver is not None:
            self._tiles_loops.pop()
        else:
            self._conditional -= 1
        if node.orelse is not None:
            self._report(
                node.orelse,
                "`for ... else` is not supported in a kernel; use a flag set before `break`",
            )
            self._statement(node.orelse.body)

    def _bind_tile_index(self, target: cst.BaseExpression, receiver: str, loop: cst.For) -> None:
        if isinstance(target, cst.Name):
            self.bind(target.value, TileIndex(receiver, None, loop), target)
        elif isinstance(target, (cst.Tuple, cst.List)):
            for position, element in enumerate(target.elements):
                if isinstance(element.value, cst.Name):
                    index = TileIndex(receiver, position, loop)
                    self.bind(element.value.value, index, element.value)
                else:
                    self._assign_target(element.value, None)
        else:
            self._assign_target(target, None)

    def _while(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.While)
        self._expression(node.test)
        self._conditional += 1
        self._statement(node.body)
        self._conditional -= 1
        if node.orelse is not None:
            self._report(
                node.orelse,
                "`while ... else` is not supported in a kernel; use a flag set before `break`",
            )
            self._statement(node.orelse.body)

    def _try(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.Try, cst.TryStar))
        self._report(
            node,
            "`try` is not supported in a kernel: device code has no "
            "exceptions; check inputs on the host",
        )
        self._statement(node.body)
        for handler in node.handlers:
            if handler.name is not None:
                self._assign_target(handler.name.name, None)
            self._statement(handler.body)
        if node.orelse is not None:
            self._statement(node.orelse.body)
        if node.finalbody is not None:
            self._statement(node.finalbody.body)

    def _with(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.With)
        self._report(node, "`with` is not supported in a kernel")
        for item in node.items:
            self._expression(item.item)
            if item.asname is not None:
                self._assign_target(item.asname.name, None)
        self._statement(node.body)

    def _nested_definition(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.FunctionDef, cst.ClassDef))
        what = "a nested class" if isinstance(node, cst.ClassDef) else "a nested function"
        hint = "" if isinstance(node, cst.ClassDef) else "; define a @tr.function at module level"
        self.bind(node.name.value, OPAQUE)
        self._report(node.name, f"{what} is not supported in a kernel{hint}")

    def _match(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Match)
        self._report(node, "`match` is not supported in a kernel; use `if`/`elif`")
        self._expression(node.subject)

    # -- expressions ------------------------------------------------------------------------
    def _expression(self, node: cst.CSTNode) -> None:
        if type(node) is cst.Name:  # (an exact type: ``isinstance`` on libcst's is slow)
            self.facts.references.append((node, node.value))
        elif isinstance(node, cst.Attribute):
            dotted = dotted_name(node)
            if dotted is not None:
                self.facts.references.append((node, dotted))
            else:
                self._expression(node.value)
        elif isinstance(node, cst.Call):
            self._call(node)
        elif type(node) in _UNSUPPORTED_EXPRESSIONS:
            self._report(
                node,
                f"{_UNSUPPORTED_EXPRESSIONS[type(node)]} is not supported in a "
                f"kernel; {_HINT_EXPRESSION}",
            )
        elif isinstance(node, cst.Await):
            self._report(node, "`await` is not supported in a kernel")
            self._expression(node.expression)
        elif isinstance(node, cst.NamedExpr):
            self._report(
                node,
                "an assignment expression (`:=`) is not supported in a kernel (cuTile refuses "
                "it); assign the value on a line of its own first",
            )
            self._expression(node.value)
            self._assign_target(node.target, node.value)
        elif isinstance(node, (cst.IfExp, cst.BooleanOperation)):
            self._branches(node)
        else:
            if isinstance(node, cst.BinaryOperation) and isinstance(
                node.operator, cst.MatrixMultiply
            ):
                self.facts.matmuls.append(node)
            for child in children(node):
                self._expression(child)

    def _branches(self, node: cst.IfExp | cst.BooleanOperation) -> None:
        """``a if c else b`` and ``a and b``: the test (``c``, ``a``) always runs, the rest may
        not."""
        first, rest = (
            (node.test, (node.body, node.orelse))
            if isinstance(node, cst.IfExp)
            else (node.left, (node.right,))
        )
        self._expression(first)
        self._conditional += 1
        for branch in rest:
            self._expression(branch)
        self._conditional -= 1

    def _call(self, node: cst.Call) -> None:
        always = not self._conditional and not self._cut
        site = CallSite(node, dotted_name(node.func), tuple(self._tiles_loops), always)
        self.facts.calls.append(site)
        self._expression(node.func)
        for arg in node.args:
            if arg.star:
                self._report(
                    arg,
                    f"`{arg.star}` arguments are not supported in a kernel; "
                    "pass each argument by name or position",
                )
            if isinstance(arg.value, cst.Lambda):
                self._lambda_argument(node, arg.value)
            else:
                self._expression(arg.value)

    def _lambda_argument(self, call: cst.Call, node: cst.Lambda) -> None:
        """A lambda passed to a call (the combining function of ``tl.reduce``/``tl.scan``;
        ``calls`` reports it for any other call): its parameters are its own names."""
        self.facts.lambda_arguments.append((call, node))
        for param in node.params.params:
            self.bind(param.name.value, OPAQUE)
        self._expression(node.body)


def _tiles_receiver(iterable: cst.BaseExpression) -> str | None:
    """``z`` for ``z.tiles()``."""
    if (
        isinstance(iterable, cst.Call)
        and not iterable.args
        and isinstance(iterable.func, cst.Attribute)
        and iterable.func.attr.value == "tiles"
        and isinstance(iterable.func.value, cst.Name)
    ):
        return iterable.func.value.value
    return None


def _is_range(iterable: cst.BaseExpression) -> bool:
    """``range(...)`` (the kernel rules report a ``range`` that means something else)."""
    return (
        isinstance(iterable, cst.Call)
        and isinstance(iterable.func, cst.Name)
        and iterable.func.value == "range"
    )
