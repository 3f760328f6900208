"""Decorators a call goes straight through (round 39S of issue 17): calling the decorated
function runs its body with the caller's arguments and gives back what the body returns.

Two forms are read from syntax:

* a decorator the module defines as a pass-through wrapper (``functools.wraps`` or not)::

      def timed(fn):
          @functools.wraps(fn)
          def wrapper(*args, **kwargs):
              t0 = time.perf_counter()
              result = fn(*args, **kwargs)
              print(fn.__name__, time.perf_counter() - t0)
              return result
          return wrapper

  its wrapper takes ``*args, **kwargs`` only, calls ``fn(*args, **kwargs)`` once, on every
  path, and returns that result untouched (``return fn(...)``, ``result = fn(...); return
  result``, or ``try: return fn(...) finally: ...``); every other line of it only observes
  (calls of ``print``, ``time``, ``logging`` and a few builtins, names other than the call's
  arguments and result): nothing it does can run, wait or keep what the call makes;
* a ``@classmethod`` whose body never names its class parameter: a static method.

Any other decorator stays unknown: its function gets no summary (silence)."""

from __future__ import annotations

from collections.abc import Mapping

import libcst as cst

from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import children

# The roots of calls a wrapper may make beside the call it passes through: they only observe.
_OBSERVERS = frozenset(
    {
        "print",
        "time",
        "logging",
        "logger",
        "perf_counter",
        "monotonic",
        "len",
        "str",
        "repr",
        "round",
        "int",
        "float",
        "format",
        "isinstance",
        "min",
        "max",
        "sum",
    }
)
_WRAPS = frozenset({"wraps", "functools.wraps"})
_LOGS = frozenset({"debug", "info", "warning", "error", "exception", "critical"})


def see_through(
    fn: cst.FunctionDef, top: Mapping[str, cst.FunctionDef | None]
) -> cst.FunctionDef | None:
    """``fn`` as a call of it runs it: without its one decorator, where that decorator is a
    pass-through wrapper the module defines (``top``: the module's top-level ``def``s by
    name, None where a name has several); None otherwise."""
    if len(fn.decorators) != 1 or fn.asynchronous is not None:
        return None
    dec = fn.decorators[0].decorator
    if type(dec) is cst.Call and type(dec.func) is cst.Name:  # ``@traced("step")``
        made = _made_decorator(top.get(dec.func.value))
        return fn.with_changes(decorators=()) if made is not None and _pass_through(made) else None
    if type(dec) is not cst.Name:
        return None
    wrapper = top.get(dec.value)
    if wrapper is None or not _pass_through(wrapper):
        return None
    return fn.with_changes(decorators=())


def plain_method(stmt: cst.CSTNode, top: Mapping[str, cst.FunctionDef | None]) -> cst.CSTNode:
    """A method of a class as its callers run it: under a pass-through decorator of the module,
    the method itself; a ``@classmethod`` that never names its class, a static method
    (``unbound_classmethod``); any other statement as it is."""
    if type(stmt) is cst.FunctionDef and stmt.decorators:
        through = see_through(stmt, top)
        if through is not None:
            return through
    return unbound_classmethod(stmt)


def _made_decorator(factory: cst.FunctionDef | None) -> cst.FunctionDef | None:
    """The decorator a decorator factory of the module returns (``def traced(name): def
    deco(fn): ...; return deco``): its one nested ``def``, returned as its last line."""
    if factory is None or factory.decorators or factory.asynchronous is not None:
        return None
    body = factory.body.body if type(factory.body) is cst.IndentedBlock else ()
    if len(body) != 2 or type(body[0]) is not cst.FunctionDef:
        return None
    last = body[1]
    ret = last.body[0] if type(last) is cst.SimpleStatementLine and len(last.body) == 1 else None
    if type(ret) is not cst.Return or type(ret.value) is not cst.Name:
        return None
    return body[0] if ret.value.value == body[0].name.value else None


def unbound_classmethod(stmt: cst.CSTNode) -> cst.CSTNode:
    """A ``@classmethod`` that never names its class parameter, as the ``@staticmethod`` it
    is to its callers (its first parameter dropped); any other statement as it is."""
    if type(stmt) is not cst.FunctionDef or len(stmt.decorators) != 1:
        return stmt
    if dotted_name(stmt.decorators[0].decorator) != "classmethod":
        return stmt
    params = stmt.params
    if params.posonly_params or not params.params:
        return stmt
    cls = params.params[0].name.value
    if _names(stmt.body, cls):
        return stmt
    return stmt.with_changes(
        decorators=(cst.Decorator(cst.Name("staticmethod")),),
        params=params.with_changes(params=tuple(params.params[1:])),
    )


def _pass_through(deco: cst.FunctionDef) -> bool:
    """``deco(fn)`` returns a wrapper that calls ``fn`` as given and returns its result."""
    params = deco.params
    if deco.decorators or deco.asynchronous is not None or len(params.params) != 1:
        return False
    if params.posonly_params or params.kwonly_params or params.star_kwarg is not None:
        return False
    if isinstance(params.star_arg, (cst.Param, cst.ParamStar)):
        return False
    body = deco.body.body if type(deco.body) is cst.IndentedBlock else ()
    if len(body) != 2 or type(body[0]) is not cst.FunctionDef:
        return False
    inner = body[0]
    last = body[1]
    ret = last.body[0] if type(last) is cst.SimpleStatementLine and len(last.body) == 1 else None
    if type(ret) is not cst.Return or type(ret.value) is not cst.Name:
        return False
    if ret.value.value != inner.name.value:
        return False
    wrapped = params.params[0].name.value
    if not all(_wraps(d.decorator, wrapped) for d in inner.decorators):
        return False
    return _forwards(inner, wrapped)


def _wraps(dec: cst.BaseExpression, wrapped: str) -> bool:
    """``@functools.wraps(fn)``."""
    if type(dec) is not cst.Call or dotted_name(dec.func) not in _WRAPS or len(dec.args) != 1:
        return False
    arg = dec.args[0].value
    return type(arg) is cst.Name and arg.value == wrapped


def _forwards(inner: cst.FunctionDef, wrapped: str) -> bool:
    """``def wrapper(*args, **kwargs)`` whose body passes the call through (module doc)."""
    params = inner.params
    star, kw = params.star_arg, params.star_kwarg
    if inner.asynchronous is not None or params.params or params.posonly_params:
        return False
    if params.kwonly_params or not isinstance(star, cst.Param) or kw is None:
        return False
    names = (star.name.value, kw.name.value)
    body = list(inner.body.body) if type(inner.body) is cst.IndentedBlock else []
    if not body:
        return False
    last = body.pop()
    if type(last) is cst.Try and not last.handlers and last.orelse is None:
        # ``try: return fn(*args, **kwargs)`` then observing lines only, in ``finally``
        tried = list(last.body.body) if type(last.body) is cst.IndentedBlock else []
        if last.finalbody is None or len(tried) != 1 or not _returns_call(tried[0], wrapped, names):
            return False
        return all(_observes(s, wrapped, names) for s in (*body, last.finalbody))
    if _returns_call(last, wrapped, names):
        return all(_observes(s, wrapped, names) for s in body)
    ret = last.body[0] if type(last) is cst.SimpleStatementLine and len(last.body) == 1 else None
    if type(ret) is not cst.Return or type(ret.value) is not cst.Name:
        return False
    result = ret.value.value
    made = [i for i, s in enumerate(body) if _binds_call(s, result, wrapped, names)]
    if len(made) != 1:
        return False
    rest = body[: made[0]] + body[made[0] + 1 :]
    return all(_observes(s, wrapped, (*names, result)) for s in rest)


def _forward_call(expr: cst.BaseExpression | None, wrapped: str, names: tuple[str, ...]) -> bool:
    """``fn(*args, **kwargs)``."""
    if type(expr) is not cst.Call or type(expr.func) is not cst.Name:
        return False
    if expr.func.value != wrapped or len(expr.args) != 2:
        return False
    first, second = expr.args
    return (
        first.star == "*"
        and type(first.value) is cst.Name
        and first.value.value == names[0]
        and second.star == "**"
        and type(second.value) is cst.Name
        and second.value.value == names[1]
    )


def _returns_call(stmt: cst.BaseStatement, wrapped: str, names: tuple[str, ...]) -> bool:
    small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1 else None
    return type(small) is cst.Return and _forward_call(small.value, wrapped, names)


def _binds_call(stmt: cst.BaseStatement, result: str, wrapped: str, names: tuple[str, ...]) -> bool:
    small = stmt.body[0] if type(stmt) is cst.SimpleStatementLine and len(stmt.body) == 1 else None
    if type(small) is not cst.Assign or len(small.targets) != 1:
        return False
    target = small.targets[0].target
    return (
        type(target) is cst.Name
        and target.value == result
        and _forward_call(small.value, wrapped, names)
    )


def _observes(node: cst.CSTNode, wrapped: str, kept: tuple[str, ...]) -> bool:
    """A line of the wrapper that only observes: no ``return``, ``yield``, ``await``, nested
    scope, ``global`` or ``del``; calls of observers only; the wrapped function named only as
    ``fn.__name__``; the call's arguments and result not named."""
    stack = [node]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _REFUSED:
            return False
        if kind is cst.Call:
            dotted = dotted_name(item.func)  # type: ignore[attr-defined]
            root, _, rest = dotted.partition(".") if dotted is not None else ("", "", "")
            if root not in _OBSERVERS and rest not in _LOGS:  # (``log.info(...)``: a logger's)
                return False
        if kind is cst.Attribute and type(item.value) is cst.Name:  # type: ignore[attr-defined]
            if item.value.value == wrapped:  # type: ignore[attr-defined]
                if item.attr.value not in ("__name__", "__qualname__"):  # type: ignore[attr-defined]
                    return False
                continue
        if kind is cst.Name and (item.value == wrapped or item.value in kept):  # type: ignore[attr-defined]
            return False
        stack.extend(children(item))
    return True


_REFUSED = frozenset(
    {
        cst.Return,
        cst.Yield,
        cst.Await,
        cst.FunctionDef,
        cst.ClassDef,
        cst.Lambda,
        cst.Global,
        cst.Nonlocal,
        cst.Del,
        cst.Raise,
    }
)


def _names(node: cst.CSTNode, name: str) -> bool:
    """``name`` appears in ``node`` (nested scopes included)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if type(item) is cst.Name and item.value == name:
            return True
        stack.extend(children(item))
    return False
