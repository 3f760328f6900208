"""What the elements of a ``with`` of the module's own context managers do (issue 17, round
20A; ``tilecheck.host.managers`` says which are followed and how the CFG holds them).

``WITH_CALL`` binds a ``@contextmanager`` function's parameters to the call's arguments,
``YIELDED`` the ``as`` target to the value of its ``yield``, ``WITH_EXIT`` drops its parameters
and locals (its frame is gone once the ``with`` is left). For an instance of a module class
with ``__enter__``, ``WITH_ENTER`` applies that method's summary on it and ``WITH_EXIT`` its
``__exit__``'s; both are applied at a call node of their own that no code holds
(``PropertyRead``: a finding there is shown at the ``with`` item). ``with
contextlib.closing(x) as name:`` enters ``x`` itself and its ``WITH_EXIT`` calls
``name.close()`` (round 33A2), where the block never binds ``name``."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import libcst as cst

from tilecheck.flow.elements import UNWINDING
from tilecheck.host import gaps
from tilecheck.host.library_spec import Does, named
from tilecheck.host.model import NOTHING, Kind, Value
from tilecheck.host.parameter_index import bound_names
from tilecheck.host.property_reads import PropertyRead, lowered_from
from tilecheck.syntax.nodes import target_names
from tilecheck.syntax.walk import children, descendants

if TYPE_CHECKING:
    from tilecheck.host.flag_gates import FlagGates as BodyAnalysis  # (``analysis``'s base)
    from tilecheck.host.managers import Manager

STACK_TYPES = named(Does.EXIT_STACK)  # (``exit_stacks``)
_CLOSING = "contextlib.closing"
_HIDDEN = " with "  # the instance a ``with Cls(...)`` made, under this and the item's id


def _manager(an: BodyAnalysis, item: cst.WithItem) -> Manager | None:
    managers = an.ctx.managers
    if managers is None or id(item) not in managers.spliced:
        return None
    return managers.by_name[cast(cst.Name, cast(cst.Call, item.item).func).value]


def call_entered(an: BodyAnalysis, item: cst.WithItem) -> None:
    """``WITH_CALL``: the manager's parameters hold the call's arguments."""
    manager = _manager(an, item)
    if manager is None:
        return
    call = cast(cst.Call, item.item)
    an.entered(call)  # (its summary's refusals inside a capture, as at ``WITH_ENTER``)
    positional = iter(manager.positional)
    values: dict[str, Value] = {}
    for arg in call.args:
        name = next(positional) if arg.keyword is None else arg.keyword.value
        values[name] = an.ev(arg.value)
    for name in manager.parameters:
        an.bind_name(name, values.get(name, NOTHING))


def yielded(an: BodyAnalysis, item: cst.WithItem) -> None:
    """``YIELDED``: ``as`` binds what the manager's ``yield`` gives."""
    manager = _manager(an, item)
    if manager is None:
        return
    given = cast(cst.Yield, manager.yielded.value).value
    value = an.ev(given) if isinstance(given, cst.BaseExpression) else NOTHING
    if item.asname is not None:  # (else the ``with`` drops it: the manager still holds it)
        an.bind(item.asname.name, value)


def entered(an: BodyAnalysis, item: cst.WithItem, value: Value) -> Value | None:
    """``WITH_ENTER`` of an instance of a module class with ``__enter__``: what that method
    returns (``value`` itself for anything else; None where ``as`` is bound already, to the
    instance, ``as_self``)."""
    managers = an.ctx.managers
    if managers is None or not isinstance(value, frozenset) or not value:
        return value
    instances = frozenset(an.kinds(value, Kind.INSTANCE))
    info = an.class_of(instances) if instances == value else None
    if info is None or info.origin is not None:
        return value
    summary = an.ctx.summary_for(f"{info.name}.__enter__")
    if summary is None or an.ctx.summary_for(f"{info.name}.__exit__") is None:
        return value  # (half of it followed would leave what the exit settles unsettled)
    receiver = _receiver(an, item, info.name)
    named = as_self(an, item, info.name) if receiver.startswith(_HIDDEN) else None
    if named is not None:
        receiver = named  # ``with Cls(...) as name``, ``__enter__`` returning ``self``
    if receiver.startswith(_HIDDEN) or named is not None:
        an.bind_name(receiver, value)
    call = managers.calls.setdefault((id(item), "enter"), PropertyRead(func=item.item))
    returned = an.call_summary(call, summary, receiver)
    return None if named is not None else returned


def as_self(an: BodyAnalysis, item: cst.WithItem, cls: str) -> str | None:
    """``with Cls(...) as name:`` where ``Cls.__enter__`` (a method of the module's class
    itself) returns its ``self`` on every way out, and the block never binds ``name``: the
    instance the ``with`` enters and exits is the one ``name`` holds, so it is followed under
    ``name`` (its attributes read in the block are the ones ``__enter__`` set)."""
    managers, module = an.ctx.managers, an.ctx.module
    asname = item.asname.name if item.asname is not None else None
    if managers is None or module is None or type(asname) is not cst.Name:
        return None
    if type(item.item) is not cst.Call:
        return None
    found = managers.as_self.get(id(item))
    if found is None:
        found = managers.as_self[id(item)] = _returns_self(module, cls) and _kept_in_block(
            module, item, asname.value
        )
    return asname.value if found else None


def _returns_self(module: cst.Module, cls: str) -> bool:
    """The module's one class ``cls`` has one ``__enter__``, whose every ``return`` gives its
    first parameter, the last statement one of them."""
    classes = [s for s in module.body if type(s) is cst.ClassDef and s.name.value == cls]
    if len(classes) != 1 or not isinstance(classes[0].body, cst.IndentedBlock):
        return False
    enters = [
        s
        for s in classes[0].body.body
        if type(s) is cst.FunctionDef and s.name.value == "__enter__"
    ]
    if len(enters) != 1 or enters[0].decorators or not enters[0].params.params:
        return False
    fn = enters[0]
    me = fn.params.params[0].name.value
    body = fn.body.body if isinstance(fn.body, cst.IndentedBlock) else ()
    last = body[-1] if body else None
    if type(last) is not cst.SimpleStatementLine or type(last.body[-1]) is not cst.Return:
        return False
    stack: list[cst.CSTNode] = [fn.body]
    while stack:
        node = stack.pop()
        kind = type(node)
        if kind is cst.Return:
            value = cast(cst.Return, node).value
            if type(value) is not cst.Name or value.value != me:
                return False
        elif kind is cst.FunctionDef or kind is cst.ClassDef or kind is cst.Lambda:
            continue
        stack.extend(children(node))
    return True


def _kept_in_block(module: cst.Module, item: cst.WithItem, name: str) -> bool:
    """The ``with`` statement of ``item`` never binds ``name`` in its block (nor in another
    item), so ``name`` holds the entered instance at its exit."""
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if type(node) is cst.With and any(i is item for i in node.items):
            others = [i for i in node.items if i is not item]
            bound = set(bound_names(node.body))
            for other in others:
                bound.update(bound_names(other))
            return name not in bound
        stack.extend(children(node))
    return False


def _receiver(an: BodyAnalysis, item: cst.WithItem, cls: str) -> str:
    """The name the instance is followed by: the item's own (``with scratch:``), else one of
    its own until the ``with`` is left."""
    expr = item.item
    if type(expr) is cst.Name and an.instances.get(expr.value) == cls:
        return expr.value
    return f"{_HIDDEN}{id(item)}"


def managed(an: BodyAnalysis, item: cst.WithItem) -> cst.BaseExpression:
    """What the ``with`` enters: ``x`` of ``with contextlib.closing(x) as name:`` (round
    33A2: ``closing`` gives its argument, and its exit calls ``name.close()``, where the
    block never binds ``name``); the item itself for anything else."""
    made = item.item
    if type(made) is not cst.Call or _closing(an, item) is None:
        return made
    return made.args[0].value


def _closing(an: BodyAnalysis, item: cst.WithItem) -> cst.Call | None:
    """``name.close()`` (shown at the item) that ``with contextlib.closing(x) as name:`` runs
    at its exit, where followed."""
    made, module = item.item, an.ctx.module
    if type(made) is not cst.Call or type(module) is not cst.Module:
        return None
    if an.ctx.callee(made.func).canonical != _CLOSING:
        return None
    return an.ctx.index.fact(module, _closings).get(id(item))


def _closings(index: object, module: cst.CSTNode) -> dict[int, cst.Call]:
    """The module's ``closing(x) as name`` items (one positional argument, ``name`` a plain
    name no other item or the block binds), with the ``name.close()`` each exit runs."""
    found: dict[int, cst.Call] = {}
    for node in descendants(module):
        if type(node) is not cst.With:
            continue
        for item in node.items:
            made, asname = item.item, item.asname
            if type(made) is not cst.Call or asname is None or type(asname.name) is not cst.Name:
                continue
            args = made.args
            if len(args) != 1 or args[0].keyword is not None or args[0].star:
                continue
            name = asname.name.value
            if _kept_in_block(cast(cst.Module, module), item, name):
                close = cst.Call(cst.Attribute(cst.Name(name), cst.Name("close")))
                found[id(item)] = lowered_from(made, close)
    return found


def left(an: BodyAnalysis, item: cst.WithItem) -> None:
    """``WITH_EXIT``: the manager's frame goes; an instance's ``__exit__`` runs; a stack of
    exits runs what its block registered (``exit_stacks``); ``closing``'s ``name.close()``."""
    made = item.item
    close = _closing(an, item) if type(made) is cst.Call else None
    if close is not None:
        an.escape(an.ev(close))
    if type(made) is cst.Call and an.ctx.callee(made.func).canonical in STACK_TYPES:
        from tilecheck.host import exit_stacks  # (rarely met: compiled here)

        exit_stacks.left(an, item)
    manager = _manager(an, item)
    if manager is not None:
        kept = set(target_names(item.asname.name)) if item.asname is not None else set()
        for name in sorted(manager.own - kept):
            if name in an.env or name in an.bound:
                an.bind_name(name, NOTHING)
                an.set_env(name, None)
        an.gc_needed = True
        return
    managers = an.ctx.managers
    if managers is None or (id(item), "enter") not in managers.calls:
        if gaps.RECORDING:  # (``--show-gaps``: a manager not followed)
            gaps.left_unknown(an, item)
        return  # (no ``__enter__`` of the module's was applied at this item)
    hidden = f"{_HIDDEN}{id(item)}"
    expr = item.item
    receiver = hidden if hidden in an.instances else None
    if receiver is None and type(expr) is cst.Name and expr.value in an.instances:
        receiver = expr.value
    if receiver is None and managers.as_self.get(id(item)) and item.asname is not None:
        named = cast(cst.Name, item.asname.name).value  # (``as_self``: a plain name)
        receiver = named if named in an.instances else None
    cls = an.instances.get(receiver) if receiver is not None else None
    summary = an.ctx.summary_for(f"{cls}.__exit__") if cls is not None else None
    element = an.element
    if summary is not None and element is not None and element.width == UNWINDING:
        if not _ignores_exception(an, f"{cls}.__exit__"):
            return  # (its way with the exception is not followed: as if it did nothing)
    if summary is not None and receiver is not None:
        call = managers.calls.setdefault((id(item), "exit"), PropertyRead(func=item.item))
        an.escape(an.call_summary(call, summary, receiver))
    if hidden in an.env or hidden in an.instances:
        an.drop_paths(hidden)
        an.bind_name(hidden, NOTHING)
        an.set_env(hidden, None)
        an.gc_needed = True


def _ignores_exception(an: BodyAnalysis, name: str) -> bool:
    """``__exit__`` reads none of its parameters but ``self`` (``*exc`` unused): it does the
    same whether or not the block raised, so its summary holds on an exception's way too."""
    found = an.ctx.definition_for(name)
    if found is None:
        return False
    params = found[0].params
    names = [p.name.value for p in (*params.posonly_params, *params.params)][1:]
    names += [p.name.value for p in params.kwonly_params]
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            names.append(star.name.value)
    return not names or not any(
        type(node) is cst.Name and node.value in names for node in descendants(found[0].body)
    )
