"""Calls of a memoized function of the module (round 20C): ``@functools.cache`` or
``@lru_cache(...)`` runs the body on the first call with given arguments and returns that
call's object on every later one.

Followed where one body makes every call (no other function, method, class body or the
module's own code names the function, so nothing runs it earlier) and is not being summarized
(a summary applies at every call of it, the later ones finding the cache filled): the first
call there (on every path: no call of it before on any) runs the body as a plain call does,
through the function's summary (an allocation inside a ``with tr.graph()`` is TC111 inside
it); a later call with the same constant arguments (literals) is the object the first gave,
kept under a key of its own as the cache keeps it (a partition it returns, consumed by the
first launch, is TC109 at the second: the same partition); a later call with other or
computed arguments is unknown code, as every call of a decorated function was before. A
memoized function named in more than one body is left to that (silence)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.model import NOTHING, Oids, Value, flatten
from tilecheck.host.running import Running
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import dotted_name
from tilecheck.syntax.walk import own_nodes

# the memoizing decorators, as written (``functools``' own)
DECORATORS = frozenset({"cache", "lru_cache", "functools.cache", "functools.lru_cache"})
_SCOPES = (cst.FunctionDef, cst.ClassDef, cst.Lambda)
_CONSTANTS = (cst.Integer, cst.Float, cst.SimpleString)


def memo_name(name: str) -> str:
    """The summary name of the memoized function ``name`` (never a name a call looks up)."""
    return f"memo {name}"


def memoized(fn: cst.FunctionDef) -> bool:
    """``fn``'s one decorator memoizes it (``@cache``, ``@lru_cache(maxsize=8)``)."""
    if fn.asynchronous is not None or len(fn.decorators) != 1:
        return False
    dec = fn.decorators[0].decorator
    return dotted_name(dec.func if type(dec) is cst.Call else dec) in DECORATORS


def memo_call(an: Running, call: cst.Call) -> Value | None:
    """What ``call`` (of a name the body does not bind) gives, where it calls a memoized
    function of the module that only this body calls; None: not followed here."""
    name = call.func.value  # type: ignore[attr-defined]
    summary = an.ctx.summary_for(memo_name(name))
    module = an.ctx.module
    if summary is None or module is None:
        return None
    scope = an.scope_node
    if an.ctx.index.fact(module, _named_in).get(name) != {id(scope) if scope else 0}:
        return None
    key = _key(call)
    slot = f" memo {name}{key}" if key is not None else None
    if slot is not None and slot in an.env:
        cached = an.env[slot]  # the cache's object, given by the earlier call
        _kept(an, call, slot, cached)
        return cached
    called = f" memo {name}"
    if called in an.env or an.summarized:
        # called before with other arguments, or by an earlier call of the function being
        # summarized (its summary applies at each of its calls): this one may run the body
        return None
    value = an.call_summary(call, summary, None)
    an.set_env(called, NOTHING)
    if slot is not None:
        an.set_env(slot, flatten(value))  # the cache holds it from now on
        _kept(an, call, slot, flatten(value))
    return value


def _kept(an: Running, call: cst.Call, slot: str, oids: Oids) -> None:
    """The cache holds one object for ``slot`` from here on, on every path (a call on a path
    where it was empty made it, one on another gave it): what ``call`` gives, every later call
    with those arguments (a loop's next iteration too) gives again (``Verdicts``: TC110)."""
    an.memo_slots[call] = slot
    an.set_bound(slot, next(iter(oids)) if len(oids) == 1 and not an.maybe else None)


def _key(call: cst.Call) -> str | None:
    """The constant arguments of ``call``, as written; None if one is not a literal."""
    parts: list[str] = []
    for arg in call.args:
        value = arg.value
        if arg.star or not isinstance(value, _CONSTANTS):
            return None
        keyword = arg.keyword.value + "=" if arg.keyword is not None else ""
        parts.append(keyword + value.value)
    return "(" + ",".join(parts) + ")"


def _named_in(index: SyntaxIndex, module: cst.CSTNode) -> dict[str, set[int]]:
    """Each name the module reads -> the scopes that read it (a function, class or lambda
    by its id, the module's own code as 0)."""
    out: dict[str, set[int]] = {}
    stack: list[tuple[cst.CSTNode, int]] = [(module, 0)]
    while stack:
        node, scope = stack.pop()
        if type(node) is cst.Name:
            out.setdefault(node.value, set()).add(scope)
            continue
        if type(node) is cst.Attribute and type(node.value) is cst.Name:
            # ``f.cache_clear()``, ``f.__wrapped__``: the cache is reached other than by calls
            out.setdefault(node.value.value, set()).add(-1)
        inner = id(node) if isinstance(node, _SCOPES) else scope
        for child in node.children:
            if isinstance(node, cst.FunctionDef) and child is node.name:
                continue  # the name it defines
            stack.append((child, inner))
    return out


def cached_body(fn: cst.FunctionDef) -> cst.FunctionDef | None:
    """A ``@cached_property`` method as the plain method its first read runs: its body, its
    ``return value`` (its last statement, its only way out) stored in the attribute of its
    own name first (``self.plan = value; return self.plan``), where a later read finds it."""
    if len(fn.decorators) != 1 or fn.asynchronous is not None:
        return None
    if not str(dotted_name(fn.decorators[0].decorator)).endswith("cached_property"):
        return None
    params = fn.params
    if len(params.params) != 1 or type(params.star_arg) is cst.Param or params.star_kwarg:
        return None
    body = fn.body.body
    last = body[-1] if body else None
    if type(last) is not cst.SimpleStatementLine or len(last.body) != 1:
        return None
    ret = last.body[0]
    if type(ret) is not cst.Return or ret.value is None:
        return None
    ways = sum(1 for n in own_nodes(fn.body) if type(n) in (cst.Return, cst.Yield, cst.Await))
    if ways != 1:
        return None
    me = params.params[0].name.value
    attr = cst.Attribute(cst.Name(me), cst.Name(fn.name.value))
    store = cst.SimpleStatementLine([cst.Assign([cst.AssignTarget(attr)], ret.value)])
    again = cst.SimpleStatementLine([cst.Return(attr)])
    block = fn.body.with_changes(body=[*body[:-1], store, again])
    return fn.with_changes(decorators=(), body=block)
