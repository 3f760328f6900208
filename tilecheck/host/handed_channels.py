"""Queues whose every put and take the module shows, across the bodies it is handed to (round
38Q of issue 17).

A queue made in one scope (``q = asyncio.Queue()``, ``queue.Queue(maxsize=4)``,
``queue.SimpleQueue()``, ``deque()``) is often the one channel between a producer and a
consumer run from there: ``asyncio.gather(producer(q, ...), consumer(q))``,
``asyncio.create_task(worker(q))``, ``tg.create_task(self.stage(q))``,
``threading.Thread(target=worker, args=(q,))``, a nested coroutine reading it as a free
variable, or plain calls one after the other. Whatever a take returns is then one of the
items the puts put, wherever they are: this module finds those places.

Followed only where nothing else can reach the queue: the name is bound once in its scope (no
``global``/``nonlocal`` of it), and every read of it, in that scope, the functions nested in it
(those that do not bind the name themselves) and, through each argument it is passed as, the
parameter of the function of the module called (a top-level ``def`` of that name defined once,
or ``self.m`` of the enclosing class's own ``def m``), is the receiver of a put
(``put``/``put_nowait``/``append``/``appendleft``, one positional argument), of a take
(``get``/``get_nowait``/``popleft``/``pop``, no positional argument), of a query that neither
puts nor takes (``qsize``, ``empty``, ``full``, ``task_done``, ``join``), ``len(q)``, a truth
test, or such an argument again (at most ``_DEPTH`` calls down). Anything else (the queue
given to unknown code, stored, returned, rebound) gives up on the whole queue: silence.

A take is followed only where the body that takes certainly runs: the scope itself, a nested
function or a function called with the queue where the call certainly runs it (awaited, given
to ``gather``/``create_task``/``ensure_future``/``run``, a plain ``def`` called, a
``Thread(target=...)`` that is started, ``to_thread``/``submit``/``run_in_executor``)."""

from __future__ import annotations

from dataclasses import dataclass, field

import libcst as cst

from tilecheck.host.context import Context
from tilecheck.syntax.walk import children, descendants

QUEUES = frozenset(
    {
        "asyncio.Queue",
        "asyncio.LifoQueue",
        "asyncio.PriorityQueue",
        "asyncio.queues.Queue",
        "queue.Queue",
        "queue.SimpleQueue",
        "queue.LifoQueue",
        "queue.PriorityQueue",
        "collections.deque",
    }
)
CONSTRUCTORS = frozenset(q.rpartition(".")[2] for q in QUEUES)  # the cheap gate
PUTS = frozenset({"put", "put_nowait", "append", "appendleft"})
TAKES = frozenset({"get", "get_nowait", "popleft", "pop"})
_QUERIES = frozenset({"qsize", "empty", "full", "task_done", "join"})
_WAITS = frozenset({"block", "timeout"})  # keywords of a put or take that change no item
_STARTERS = frozenset({"gather", "create_task", "ensure_future", "run", "wait_for", "shield"})
_RUNNERS = frozenset({"to_thread", "submit", "run_in_executor"})  # (f, *args) run f
_SCOPES = (cst.FunctionDef, cst.Lambda, cst.ClassDef)
_DEPTH = 3

Parents = dict[int, cst.CSTNode]


@dataclass
class Channel:
    """One followed queue: its binding, and each put and take with the body it lies in."""

    binding: cst.CSTNode
    # what each put puts (its argument, a stored item's value) and the take itself (a call,
    # a subscript of a field), each with the body it lies in
    puts: list[tuple[cst.BaseExpression, cst.CSTNode]] = field(default_factory=list)
    takes: list[tuple[cst.BaseExpression, cst.CSTNode]] = field(default_factory=list)
    # The bodies known to run with the queue: its scope, and the functions a running call
    # gives it to (a function nested there runs only where it is called).
    reached: set[int] = field(default_factory=set)
    # A field of ``self`` (``tilecheck.host.handed_fields``): the fields of the instance no
    # method but ``__init__`` binds (what ``self.<field>`` spells is the same in every
    # method); None for a queue of a scope.
    fields: frozenset[str] | None = None


def gated(ctx: Context) -> bool:
    """Whether the module may make a queue at all (its text names a constructor)."""
    return any(ctx.mentions(name) for name in CONSTRUCTORS)


def parents_of(module: cst.Module) -> Parents:
    """Each node's parent, attribute names and keywords left out (they are no variables)."""
    out: Parents = {}
    stack: list[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if type(node) is cst.Attribute:
            inner: tuple[cst.CSTNode, ...] = (node.value,)
        elif type(node) is cst.Arg:
            inner = (node.value,)
        else:
            inner = children(node)
        for child in inner:
            out[id(child)] = node
        stack.extend(inner)
    return out


def channels(ctx: Context, module: cst.Module, parents: Parents) -> list[Channel]:
    """The module's queues whose every put and take is known (see the module's doc)."""
    out: list[Channel] = []
    for node in descendants(module):
        bound = _binding(ctx, node)
        if bound is None:
            continue
        name, call = bound
        scope = _scope_of(node, parents)
        if scope is None:
            continue
        channel = Channel(call)
        if _follow(ctx, module, parents, scope, name, channel, {id(node)}, 0):
            out.append(channel)
    return out


def _binding(ctx: Context, node: cst.CSTNode) -> tuple[str, cst.Call] | None:
    """``q = Queue(...)`` (annotated or not): the name and the constructor's call."""
    target: cst.BaseExpression | None = None
    if type(node) is cst.Assign and len(node.targets) == 1:
        target = node.targets[0].target
    elif type(node) is cst.AnnAssign:
        target = node.target
    else:
        return None
    value = node.value
    if type(target) is not cst.Name or type(value) is not cst.Call:
        return None
    func = value.func
    last = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
    if last not in CONSTRUCTORS or ctx.callee(func).canonical not in QUEUES:
        return None
    if last == "deque" and any(a.keyword is None or a.star for a in value.args):
        return None  # (``deque(items)`` starts with items nobody put)
    return target.value, value


def _scope_of(node: cst.CSTNode, parents: Parents) -> cst.CSTNode | None:
    """The function (or module) whose statement ``node`` is; None inside a class body."""
    current = parents.get(id(node))
    while current is not None:
        if type(current) is cst.FunctionDef or type(current) is cst.Module:
            return current
        if type(current) is cst.ClassDef or type(current) is cst.Lambda:
            return None
        current = parents.get(id(current))
    return None


def _binds(scope: cst.CSTNode, name: str) -> bool:
    """Whether a nested ``scope`` has its own ``name`` (a parameter, a store, a ``global``)."""
    if type(scope) is cst.Lambda:
        return any(p.name.value == name for p in scope.params.params)
    if type(scope) is cst.ClassDef:
        return False
    assert type(scope) is cst.FunctionDef
    params = scope.params
    every = (*params.posonly_params, *params.params, *params.kwonly_params)
    if any(p.name.value == name for p in every):
        return True
    for node in _own(scope.body):
        if type(node) in (cst.Global, cst.Nonlocal):
            return True  # (given up: the caller sees a binding)
        for target in _stored(node):
            if type(target) is cst.Name and target.value == name:
                return True
    return False


def _own(root: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    stack = [root]
    while stack:
        node = stack.pop()
        found.append(node)
        if node is root or type(node) not in _SCOPES:
            stack.extend(children(node))
    return found


def _stored(node: cst.CSTNode) -> list[cst.BaseExpression]:
    if type(node) is cst.Assign:
        return [t.target for t in node.targets]
    if type(node) in (cst.AnnAssign, cst.AugAssign):
        return [node.target]  # type: ignore[attr-defined]
    if type(node) is cst.NamedExpr:
        return [node.target]
    if type(node) in (cst.For, cst.CompFor):
        return [node.target]  # type: ignore[attr-defined]
    if type(node) is cst.AsName:
        return [node.name]
    if type(node) in (cst.Tuple, cst.List, cst.StarredElement, cst.Element):
        return []
    return []


def _uses(scope: cst.CSTNode, name: str, binding: set[int]) -> list[cst.Name] | None:
    """The reads of ``name`` in ``scope`` and the nested scopes sharing it (None: a nested
    scope declares it ``global``/``nonlocal``, or it is stored again)."""
    out: list[cst.Name] = []
    stack: list[cst.CSTNode] = [scope.body if type(scope) is cst.FunctionDef else scope]
    while stack:
        node = stack.pop()
        if type(node) in _SCOPES and _binds(node, name):
            continue
        if type(node) in (cst.Global, cst.Nonlocal):
            if any(n.name.value == name for n in node.names):  # type: ignore[attr-defined]
                return None
        if id(node) not in binding:
            for target in _stored(node):
                if _names(target, name):
                    return None
        if type(node) is cst.Name and node.value == name:
            out.append(node)
        if type(node) is cst.Attribute:
            stack.append(node.value)
        elif type(node) is cst.Arg:
            stack.append(node.value)
        else:
            stack.extend(children(node))
    return out


def _names(target: cst.CSTNode, name: str) -> bool:
    if type(target) is cst.Name:
        return target.value == name
    if type(target) in (cst.Tuple, cst.List):
        return any(_names(e.value, name) for e in target.elements)  # type: ignore[attr-defined]
    if type(target) is cst.StarredElement:
        return _names(target.value, name)
    return False


def _follow(
    ctx: Context,
    module: cst.Module,
    parents: Parents,
    scope: cst.CSTNode,
    name: str,
    channel: Channel,
    binding: set[int],
    depth: int,
) -> bool:
    """Adds the puts and takes of ``name`` in ``scope`` to ``channel``; False where some read
    of it is none of the forms followed."""
    uses = _uses(scope, name, binding)
    if uses is None or depth > _DEPTH:
        return False
    channel.reached.add(id(scope))
    for use in uses:
        parent = parents.get(id(use))
        if parent is None:
            return False
        if type(parent) is cst.AssignTarget or type(parent) is cst.AnnAssign:
            if id(parent) in binding or id(parents.get(id(parent))) in binding:
                continue
            return False
        above = parents.get(id(parent))
        if type(parent) is cst.Attribute and type(above) is cst.Call and above.func is parent:
            if not _method(above, parent.attr.value, scope, use, parents, channel):
                return False
        elif type(parent) is cst.Attribute and type(above) is cst.Arg:
            if not _iterated(ctx, parent, above, parents, channel, scope):
                return False
        elif _tested(use, parent):
            continue
        elif type(parent) is cst.Arg and type(above) is cst.Call:
            if _counted(ctx, above, parent):
                continue
            passed = _passed(ctx, module, parents, above, parent)
            if passed is None or not _follow(
                ctx, module, parents, passed[0], passed[1], channel, set(), depth + 1
            ):
                return False
        else:
            passed = _threaded(ctx, module, parents, use, parent)
            if passed is None or not _follow(
                ctx, module, parents, passed[0], passed[1], channel, set(), depth + 1
            ):
                return False
    return True


def _method(
    call: cst.Call,
    method: str,
    scope: cst.CSTNode,
    use: cst.Name,
    parents: Parents,
    channel: Channel,
) -> bool:
    positional = [a for a in call.args if a.keyword is None]
    if any(a.star for a in call.args) or any(
        a.keyword is not None and a.keyword.value not in _WAITS for a in call.args
    ):
        return False
    body = _body_of(use, parents) or scope
    if method in PUTS and len(positional) == 1:
        channel.puts.append((positional[0].value, body))
        return True
    if method in TAKES and not positional:
        channel.takes.append((call, body))
        return True
    return method in _QUERIES and not call.args


def _iterated(
    ctx: Context,
    method: cst.Attribute,
    arg: cst.Arg,
    parents: Parents,
    channel: Channel,
    scope: cst.CSTNode,
) -> bool:
    """``iter(q.get, sentinel)``: a take per step."""
    call = parents.get(id(arg))
    if method.attr.value not in TAKES or type(call) is not cst.Call or len(call.args) != 2:
        return False
    if call.args[0] is not arg or arg.keyword is not None or arg.star:
        return False
    if ctx.callee(call.func).canonical != "builtins.iter":
        return False
    channel.takes.append((call, _body_of(call, parents) or scope))
    return True


def _body_of(node: cst.CSTNode, parents: Parents) -> cst.CSTNode | None:
    current = parents.get(id(node))
    while current is not None:
        if type(current) in (cst.FunctionDef, cst.Module, cst.Lambda):
            return current
        current = parents.get(id(current))
    return None


def _tested(use: cst.Name, parent: cst.CSTNode) -> bool:
    """``while q:``, ``if not q:``: the queue's truth, no put or take."""
    if type(parent) in (cst.While, cst.If):
        return parent.test is use  # type: ignore[attr-defined]
    return type(parent) is cst.UnaryOperation and type(parent.operator) is cst.Not


def _counted(ctx: Context, call: cst.Call, arg: cst.Arg) -> bool:
    """``len(q)``."""
    return (
        len(call.args) == 1
        and arg.keyword is None
        and not arg.star
        and ctx.callee(call.func).canonical == "builtins.len"
    )


def _passed(
    ctx: Context, module: cst.Module, parents: Parents, call: cst.Call, arg: cst.Arg
) -> tuple[cst.FunctionDef, str] | None:
    """The function of the module ``call`` runs and its parameter ``arg`` binds, where the
    call certainly runs it (a runner's ``(f, q)`` too: ``to_thread(f, q)``)."""
    if arg.star:
        return None
    func = call.func
    positional = [a for a in call.args if a.keyword is None and not a.star]
    if _last(func) in _RUNNERS and arg in positional:
        first = 1 if _last(func) == "run_in_executor" else 0
        if len(positional) <= first or positional.index(arg) <= first:
            return None
        fn = _function(module, parents, positional[first].value, call)
        if fn is None or fn[0].asynchronous is not None:
            return None
        return _parameter(fn[0], fn[1], arg, positional.index(arg) - first - 1)
    fn = _function(module, parents, func, call)
    if fn is None or not _runs(fn[0], call, parents):
        return None
    index = positional.index(arg) if arg in positional else -1
    return _parameter(fn[0], fn[1], arg, index)


def _last(func: cst.BaseExpression) -> str | None:
    if type(func) is cst.Attribute:
        return func.attr.value
    return func.value if type(func) is cst.Name else None


def _parameter(
    fn: cst.FunctionDef, skip: int, arg: cst.Arg, index: int
) -> tuple[cst.FunctionDef, str] | None:
    params = fn.params
    if isinstance(params.star_arg, cst.Param):
        return None  # (``*args``: the positions past it are not followed)
    if params.star_kwarg is not None:
        return None
    if arg.keyword is not None:
        every = (*params.params, *params.kwonly_params)
        found = [p for p in every if p.name.value == arg.keyword.value]
        return (fn, found[0].name.value) if found else None
    positional = (*params.posonly_params, *params.params)[skip:]
    if index < 0 or index >= len(positional):
        return None
    return fn, positional[index].name.value


def _function(
    module: cst.Module, parents: Parents, func: cst.BaseExpression, site: cst.CSTNode
) -> tuple[cst.FunctionDef, int] | None:
    """The ``def`` a name calls (a top-level one defined once; one nested in the caller's
    body) or ``self.m`` of the enclosing class, with the parameters the call does not give."""
    if type(func) is cst.Name:
        body = _body_of(site, parents)
        scopes = [body.body] if type(body) is cst.FunctionDef else []
        for scope in (*scopes, module):
            statements = getattr(scope, "body", ())
            defs = [
                s for s in statements if type(s) is cst.FunctionDef and s.name.value == func.value
            ]
            if len(defs) == 1 and not defs[0].decorators:
                return defs[0], 0
            if defs:
                return None
        return None
    if type(func) is not cst.Attribute or type(func.value) is not cst.Name:
        return None
    method = _body_of(site, parents)
    holder = parents.get(id(method)) if method is not None else None
    holder = parents.get(id(holder)) if holder is not None else None  # (the class's block)
    if type(method) is not cst.FunctionDef or type(holder) is not cst.ClassDef:
        return None
    params = (*method.params.posonly_params, *method.params.params)
    if method.decorators or not params or params[0].name.value != func.value.value:
        return None
    defs = [
        s
        for s in holder.body.body
        if type(s) is cst.FunctionDef and s.name.value == func.attr.value
    ]
    if len(defs) != 1 or defs[0].decorators:
        return None
    return defs[0], 1


def _runs(fn: cst.FunctionDef, call: cst.Call, parents: Parents) -> bool:
    """A plain ``def`` runs where it is called; a coroutine where its call is awaited or
    given to asyncio to run."""
    if fn.asynchronous is None:
        return True
    parent = parents.get(id(call))
    if type(parent) is cst.Await:
        return True
    above = parents.get(id(parent)) if type(parent) is cst.Arg else None
    return type(above) is cst.Call and _last(above.func) in _STARTERS


def _threaded(
    ctx: Context, module: cst.Module, parents: Parents, use: cst.Name, parent: cst.CSTNode
) -> tuple[cst.FunctionDef, str] | None:
    """``threading.Thread(target=f, args=(..., q, ...))`` started: ``f``'s parameter."""
    if type(parent) is not cst.Element:
        return None
    display = parents.get(id(parent))
    arg = parents.get(id(display)) if type(display) is cst.Tuple else None
    call = parents.get(id(arg)) if type(arg) is cst.Arg else None
    if type(call) is not cst.Call or type(arg) is not cst.Arg or type(display) is not cst.Tuple:
        return None
    if arg.keyword is None or arg.keyword.value != "args":
        return None
    if ctx.callee(call.func).canonical != "threading.Thread":
        return None
    target = [a.value for a in call.args if a.keyword is not None and a.keyword.value == "target"]
    if len(target) != 1 or not _started(call, parents):
        return None
    fn = _function(module, parents, target[0], call)
    if fn is None:
        return None
    index = [e for e in display.elements].index(parent)
    if any(type(e) is cst.StarredElement for e in display.elements):
        return None
    return _parameter(fn[0], fn[1], cst.Arg(use), index)


def _started(call: cst.Call, parents: Parents) -> bool:
    """``Thread(...).start()``, or ``t = Thread(...)`` and ``t.start()`` in the same body."""
    parent = parents.get(id(call))
    if type(parent) is cst.Attribute and parent.attr.value == "start":
        return True
    above = parents.get(id(parent))
    if type(parent) is not cst.Assign or len(parent.targets) != 1:
        return False
    del above
    target = parent.targets[0].target
    body = _body_of(call, parents)
    if type(target) is not cst.Name or body is None:
        return False
    for node in _own(body):
        if (
            type(node) is cst.Call
            and type(node.func) is cst.Attribute
            and node.func.attr.value == "start"
            and type(node.func.value) is cst.Name
            and node.func.value.value == target.value
        ):
            return True
    return False
