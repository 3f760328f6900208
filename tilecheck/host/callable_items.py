"""Callables as values: what a table, a list or a parameter may hold that the analysis can
call as itself (round 36D of issue 17).

A callable value is one of

* a function of the module, by name (a top-level ``def`` bound once): a call of the value is a
  call of that name;
* a lambda written in the module's own code whose free names are the module's (a display's
  item, an ``append``'s argument): a call of the value evaluates its body with each parameter
  standing for its argument, so a call is written as that body, its parameters replaced by the
  arguments (each a name or a literal: evaluated once either way, or not at all where unused),
  at a place none of whose scopes binds a free name of the lambda (there they are the same
  names the lambda reads);
* a closure a factory of the module returns (a top-level ``def`` whose body only defines the
  closure and returns it, ``def make(t): def log(): ...; return log``), made by a call whose
  arguments are literals or names bound once in the module: made again where it is called,
  it is the same closure (``v = make(w)`` then ``v(...)``, which the analysis follows as a
  closure bound to a name, its free names the factory's arguments).

Nothing else is one: a call of anything else is left as it is."""

from __future__ import annotations

import ast
import dataclasses
from typing import cast

import libcst as cst

from tilecheck.frozen import frozen
from tilecheck.host.closures import returned_closure
from tilecheck.host.item_cells import stable_item
from tilecheck.host.module_names import ModuleNames, scope_binds
from tilecheck.host.scopes import free_names
from tilecheck.syntax.walk import children

FUNCTION = "function"
LAMBDA = "lambda"
CLOSURE = "closure"
# literal nodes an argument or a default may be (evaluated alike anywhere)
_LITERALS = (cst.Integer, cst.Float, cst.SimpleString, cst.Imaginary)
_CONSTANTS = frozenset({"True", "False", "None"})


@frozen
class Callee:
    """A callable value: ``node`` is the function's name, the lambda, or the factory call."""

    kind: str
    node: cst.BaseExpression


class Callables:
    """The module's functions and factories, to tell what a value calls."""

    def __init__(self, module: cst.Module, names: ModuleNames) -> None:
        self.names = names
        self.functions: dict[str, cst.FunctionDef] = {
            s.name.value: s
            for s in module.body
            if type(s) is cst.FunctionDef and names.once(s.name.value)
        }
        self._factories: dict[str, bool] = {}

    def callee(self, value: cst.BaseExpression) -> Callee | None:
        """What ``value``, an item written in the module's own code, calls (None: unknown)."""
        kind = type(value)
        if kind is cst.Name:
            name = value.value  # type: ignore[attr-defined]
            return Callee(FUNCTION, value) if name in self.functions else None
        if kind is cst.Lambda:
            return Callee(LAMBDA, value) if _plain_params(value) else None  # type: ignore[arg-type]
        if kind is cst.Call and self._made_closure(value):  # type: ignore[arg-type]
            return Callee(CLOSURE, value)
        return None

    def _made_closure(self, call: cst.Call) -> bool:
        if type(call.func) is not cst.Name or not self.factory(call.func.value):
            return False
        for arg in call.args:
            if arg.star or not self.stable(arg.value):
                return False
        return True

    def factory(self, name: str) -> bool:
        """A function of the module whose body only defines a closure and returns it."""
        known = self._factories.get(name)
        if known is None:
            fn = self.functions.get(name)
            known = self._factories[name] = fn is not None and _factory(fn)
        return known

    def stable(self, value: cst.BaseExpression) -> bool:
        """A literal, or a name bound once in the module (the same value wherever read), or
        an item of such a name under a literal key whose items the module never changes
        (``outs[0]``, round 41N: ``tilecheck.host.item_cells``)."""
        if isinstance(value, _LITERALS):
            return True
        if type(value) is cst.Subscript:
            return stable_item(self.names, value)
        return type(value) is cst.Name and (
            value.value in _CONSTANTS or self.names.once(value.value)
        )

    def shadowed(self, call: cst.CSTNode, lam: cst.Lambda) -> set[str]:
        """The names the scopes around ``call`` but not around ``lam`` bind (where the
        lambda's free names would be other names than the lambda's)."""
        own = {id(s) for s in self.names.scopes_around(lam)}
        out: set[str] = set()
        for scope in self.names.scopes_around(call):
            if id(scope) not in own:
                out |= scope_binds(scope)
        return out


def _factory(fn: cst.FunctionDef) -> bool:
    if fn.decorators or fn.asynchronous is not None or returned_closure(fn) is None:
        return False
    body = fn.body.body
    for i, stmt in enumerate(body[:-1]):
        if type(stmt) is cst.FunctionDef:
            continue
        if i == 0 and type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1:
            only = stmt.body[0]
            if type(only) is cst.Expr and type(only.value) is cst.SimpleString:
                continue  # (its docstring)
        return False
    return True


def _plain_params(lam: cst.Lambda) -> bool:
    """Positional parameters only, each without a default or with a literal one."""
    params = lam.params
    if params.posonly_params or params.kwonly_params or params.star_kwarg is not None:
        return False
    if isinstance(params.star_arg, cst.Param):
        return False
    return all(p.default is None or isinstance(p.default, _LITERALS) for p in params.params)


def plain_argument(value: cst.BaseExpression) -> bool:
    """An argument whose evaluation runs nothing and reads the same wherever it is."""
    if isinstance(value, _LITERALS) or type(value) is cst.Name:
        return True
    if type(value) is cst.UnaryOperation and isinstance(value.operator, cst.Minus):
        return isinstance(value.expression, (cst.Integer, cst.Float))
    return False


def reduced(
    call: cst.Call,
    lam: cst.Lambda,
    shadowed: set[str],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.BaseExpression | None:
    """The lambda's body, its parameters replaced by ``call``'s arguments: the value the call
    evaluates; None where that is not exactly so (an argument that runs code, a free name of
    the lambda bound around the call, arguments that do not match its parameters)."""
    if not _plain_params(lam) or shadowed & free_names(lam):
        return None
    params = lam.params.params
    given: dict[str, cst.BaseExpression] = {}
    for position, arg in enumerate(call.args):
        if arg.star or not plain_argument(arg.value):
            return None
        if arg.keyword is None:
            if position >= len(params):
                return None
            given[params[position].name.value] = arg.value
        else:
            given[arg.keyword.value] = arg.value
    values: dict[str, cst.BaseExpression] = {}
    for param in params:
        value = given.pop(param.name.value, param.default)
        if value is None:
            return None
        values[param.name.value] = value
    if given:
        return None  # (a keyword it does not take)
    if any(n in values for n in _inner_binds(lam.body)):
        return None
    return cast(cst.BaseExpression, substituted(lam.body, values, aliases))


def _inner_binds(body: cst.CSTNode) -> set[str]:
    out: set[str] = set()
    stack: list[cst.CSTNode] = [body]
    while stack:
        node = stack.pop()
        if isinstance(
            node, (cst.Lambda, cst.ListComp, cst.SetComp, cst.DictComp, cst.GeneratorExp)
        ):
            out |= scope_binds(node)
        elif type(node) is cst.NamedExpr:
            out.add(getattr(node.target, "value", ""))
        stack.extend(children(node))
    return out


def substituted(
    body: cst.CSTNode,
    values: dict[str, cst.BaseExpression],
    aliases: dict[cst.CSTNode, cst.CSTNode],
) -> cst.CSTNode:
    """``body`` with each name read of a parameter written as its value (also a loop's
    target that holds a literal key on a turn: ``local_tables.keyed_turn``)."""
    if not values:
        return body

    def rebuilt(node: cst.CSTNode) -> cst.CSTNode:
        if type(node) is cst.Name:
            value = values.get(node.value)
            if value is None:
                return node
            # (placed at the parameter's read: where the runtime meets the value)
            made: cst.CSTNode = (
                cst.Name(value.value) if type(value) is cst.Name else value.deep_clone()
            )
            aliases[made] = node
            return made
        changes: dict[str, object] = {}
        for field, skip in _fields(node):
            old = getattr(node, field)
            if isinstance(old, cst.CSTNode) and not skip:
                new_child = rebuilt(old)
                if new_child is not old:
                    changes[field] = new_child
            elif isinstance(old, (tuple, list)):
                items = [rebuilt(v) if isinstance(v, cst.CSTNode) else v for v in old]
                if any(a is not b for a, b in zip(items, old, strict=True)):
                    changes[field] = type(old)(items)
        if not changes:
            return node
        made = node.with_changes(**changes)
        aliases[made] = node
        return made

    return rebuilt(body)


_FIELDS: dict[type, tuple[tuple[str, bool], ...]] = {}
# fields whose names are not reads of a variable: an attribute's name, an argument's keyword
_NOT_READS = {cst.Attribute: "attr", cst.Arg: "keyword"}


def _fields(node: cst.CSTNode) -> tuple[tuple[str, bool], ...]:
    kind = type(node)
    known = _FIELDS.get(kind)
    if known is None:
        skip = _NOT_READS.get(kind)
        known = _FIELDS[kind] = tuple(
            (f.name, f.name == skip)
            for f in dataclasses.fields(node)
            if not f.name.startswith("whitespace")
        )
    return known


def literal(expr: cst.BaseExpression) -> int | str | None:
    """The value of an integer or string literal."""
    if type(expr) is cst.Integer or type(expr) is cst.SimpleString:
        try:
            value = ast.literal_eval(cst.Module([]).code_for_node(expr))
        except (ValueError, SyntaxError):
            return None
        return value if type(value) in (int, str) else None
    return None
