"""Containers of ``self`` that one method fills and another takes from (round 38Q of issue 17).

``self.inflight[rid] = (slot, pending)`` in ``submit`` and ``slot, pending =
self.inflight.pop(rid)`` in ``collect``; ``self.window.append((buf, k(...).submit()))`` and
``buf, p = self.window.popleft()``; ``self.jobs.put(...)`` and ``self.jobs.get()``: the
field is the channel between the methods of one instance, as a queue is between a producer
and a consumer (``tilecheck.host.handed_channels``), and whatever a take returns is an item
some put put on the same instance.

Followed only where every put and take is seen: the field is bound once, in ``__init__``
(``self.f = []``, ``{}``, ``list()``, ``dict()``, ``deque()``, a queue's constructor), and
every mention of an attribute of that name anywhere in the module is ``self.f`` inside a
method of the class (first parameter ``self``, undecorated; the class's bases ``object`` or
classes of the module, whose own mentions count), as the receiver of a put
(``append``/``appendleft``/``put``/``put_nowait``, one argument; ``self.f[k] = v``), a take
(``pop``/``popleft``/``get``/``get_nowait``, ``self.f[k]`` read), a query (``len``, a truth
test, ``k in self.f``, ``clear``, ``del self.f[k]``). A method that takes runs where the
module calls a method of that name. The other fields no method but ``__init__`` binds (and
nothing outside the class) spell the same tensor in every method: a Pending writing
``self.out[slot]`` is matched with a read of ``self.out[slot]`` where ``slot`` is the item's
own."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.handed_channels import PUTS, TAKES, Channel, Parents
from tilecheck.syntax.walk import descendants

_MAKERS = frozenset({"list", "dict", "deque", "Queue", "SimpleQueue", "LifoQueue"})
_QUERIES = frozenset({"qsize", "empty", "full", "task_done", "join", "clear"})


def field_channels(module: cst.Module, parents: Parents) -> list[Channel]:
    """The fields of the module's classes followed as channels (see the module's doc)."""
    classes = [n for n in descendants(module) if type(n) is cst.ClassDef]
    if not classes:
        return []
    attributes: dict[str, list[cst.Attribute]] = {}
    for node in descendants(module):
        if type(node) is cst.Attribute:
            attributes.setdefault(node.attr.value, []).append(node)
    mine = {c.name.value for c in classes}
    out: list[Channel] = []
    for cls in classes:
        if not all(_known_base(b.value, mine) for b in cls.bases) or cls.keywords:
            continue  # (a base of another module's may name the field: unknown code)
        methods = _methods(cls)
        init = methods.get("__init__")
        if init is not None:
            made, declared = _made(init), _made_any(init)
        elif _dataclass(cls):
            made, declared = _declared(cls)
        else:
            continue
        fields = _stable(init, declared, attributes, parents)
        for name, binding in made.items():
            channel = Channel(binding, fields=fields - {name})
            if _follow(name, methods, attributes, parents, channel, binding):
                channel.reached.update(
                    id(fn) for m, fn in methods.items() if _called(m, attributes, fn, parents)
                )
                out.append(channel)
    return out


def _known_base(base: cst.BaseExpression, mine: set[str]) -> bool:
    """``object`` or a class of the module (whose methods' mentions of the field are seen)."""
    return type(base) is cst.Name and (base.value == "object" or base.value in mine)


def _methods(cls: cst.ClassDef) -> dict[str, cst.FunctionDef]:
    """The class's plain methods whose first parameter is ``self``, defined once."""
    out: dict[str, cst.FunctionDef] = {}
    seen: set[str] = set()
    for statement in cls.body.body:
        if type(statement) is not cst.FunctionDef:
            continue
        name = statement.name.value
        params = statement.params.params
        if name in seen or statement.decorators or not params or params[0].name.value != "self":
            out.pop(name, None)
        else:
            out[name] = statement
        seen.add(name)
    return out


def _made(init: cst.FunctionDef) -> dict[str, cst.CSTNode]:
    """``self.f = <new container>`` statements of ``__init__``'s own block, by field."""
    out: dict[str, cst.CSTNode] = {}
    for line in init.body.body:
        if type(line) is not cst.SimpleStatementLine or len(line.body) != 1:
            continue
        small = line.body[0]
        if type(small) is cst.Assign and len(small.targets) == 1:
            target, value = small.targets[0].target, small.value
        elif type(small) is cst.AnnAssign and small.value is not None:
            target, value = small.target, small.value
        else:
            continue
        if not _self_field(target) or not _new(value):
            continue
        out[target.attr.value] = small  # type: ignore[attr-defined]
    return out


def _self_field(node: cst.CSTNode) -> bool:
    return (
        type(node) is cst.Attribute and type(node.value) is cst.Name and node.value.value == "self"
    )


def _new(value: cst.BaseExpression) -> bool:
    if type(value) in (cst.List, cst.Dict):
        return not value.elements  # type: ignore[attr-defined]
    if type(value) is not cst.Call or value.args:
        return type(value) is cst.Call and all(
            a.keyword is not None and a.keyword.value in ("maxsize", "maxlen") for a in value.args
        )
    func = value.func
    last = func.attr.value if type(func) is cst.Attribute else getattr(func, "value", None)
    return last in _MAKERS


def _owner(node: cst.CSTNode, parents: Parents) -> cst.FunctionDef | None:
    current = parents.get(id(node))
    while current is not None:
        if type(current) is cst.FunctionDef:
            return current
        if type(current) in (cst.Lambda, cst.ClassDef, cst.Module):
            return None
        current = parents.get(id(current))
    return None


def _dataclass(cls: cst.ClassDef) -> bool:
    for decorator in cls.decorators:
        expr = decorator.decorator
        expr = expr.func if type(expr) is cst.Call else expr
        last = expr.attr.value if type(expr) is cst.Attribute else getattr(expr, "value", None)
        if last == "dataclass":
            return True
    return False


def _declared(cls: cst.ClassDef) -> tuple[dict[str, cst.CSTNode], set[str]]:
    """A ``@dataclass``'s fields made by ``field(default_factory=list)`` (``dict``,
    ``deque``, a queue), and every field its body declares."""
    made: dict[str, cst.CSTNode] = {}
    declared: set[str] = set()
    for line in cls.body.body:
        if type(line) is not cst.SimpleStatementLine or len(line.body) != 1:
            continue
        small = line.body[0]
        if type(small) is not cst.AnnAssign or type(small.target) is not cst.Name:
            continue
        declared.add(small.target.value)
        value = small.value
        if type(value) is not cst.Call or _last(value.func) != "field":
            continue
        factory = [
            a.value for a in value.args if a.keyword and a.keyword.value == "default_factory"
        ]
        if len(value.args) == 1 and factory and _last(factory[0]) in _MAKERS:
            made[small.target.value] = small
    return made, declared


def _last(func: cst.BaseExpression) -> str | None:
    if type(func) is cst.Attribute:
        return func.attr.value
    return func.value if type(func) is cst.Name else None


def _stable(
    init: cst.FunctionDef | None,
    declared: set[str],
    attributes: dict[str, list[cst.Attribute]],
    parents: Parents,
) -> frozenset[str]:
    """The fields ``__init__`` binds (a dataclass declares) and nothing else binds."""
    out: set[str] = set()
    for name in declared:
        ok = True
        for node in attributes.get(name, ()):
            parent = parents.get(id(node))
            stored = type(parent) in (cst.AssignTarget, cst.AugAssign, cst.AnnAssign, cst.Del)
            if stored and _owner(node, parents) is not init:
                ok = False
                break
        if ok:
            out.add(name)
    return frozenset(out)


def _made_any(init: cst.FunctionDef) -> set[str]:
    out: set[str] = set()
    for line in init.body.body:
        if type(line) is cst.SimpleStatementLine:
            for small in line.body:
                if type(small) is cst.Assign:
                    out.update(t.target.attr.value for t in small.targets if _self_field(t.target))  # type: ignore[attr-defined]
    return out


def _follow(
    name: str,
    methods: dict[str, cst.FunctionDef],
    attributes: dict[str, list[cst.Attribute]],
    parents: Parents,
    channel: Channel,
    binding: cst.CSTNode,
) -> bool:
    mine = {id(fn) for fn in methods.values()}
    for node in attributes.get(name, ()):
        owner = _owner(node, parents)
        if owner is None or id(owner) not in mine or not _self_field(node):
            return False
        parent = parents.get(id(node))
        if parent is binding or (
            type(parent) is cst.AssignTarget and parents.get(id(parent)) is binding
        ):
            continue
        if not _use(node, parent, parents, channel, owner):
            return False
    return True


def _use(
    node: cst.Attribute,
    parent: cst.CSTNode | None,
    parents: Parents,
    channel: Channel,
    owner: cst.FunctionDef,
) -> bool:
    above = parents.get(id(parent))
    if type(parent) is cst.Attribute and type(above) is cst.Call and above.func is parent:
        method = parent.attr.value
        if any(a.star for a in above.args):
            return False
        positional = [a for a in above.args if a.keyword is None]
        if method in PUTS and len(positional) == 1 and len(above.args) == 1:
            channel.puts.append((positional[0].value, owner))
            return True
        if method in TAKES and not any(a.keyword is not None for a in above.args):
            channel.takes.append((above, owner))
            return True
        return method in _QUERIES
    if type(parent) is cst.Subscript and parent.value is node:
        if type(above) is cst.AssignTarget:
            assign = parents.get(id(above))
            if type(assign) is cst.Assign and len(assign.targets) == 1:
                channel.puts.append((assign.value, owner))
                return True
            return False
        if type(above) is cst.Del:
            return True
        if type(above) in (cst.Element, cst.StarredElement, cst.AugAssign, cst.AnnAssign):
            return False  # (a store among others' targets, an update: not followed)
        channel.takes.append((parent, owner))
        return True
    if type(parent) is cst.Arg and type(above) is cst.Call:
        func = above.func
        return type(func) is cst.Name and func.value == "len" and len(above.args) == 1
    if type(parent) is cst.ComparisonTarget:
        return type(parent.operator) in (cst.In, cst.NotIn)
    if type(parent) in (cst.If, cst.While):
        return getattr(parent, "test", None) is node
    return type(parent) is cst.UnaryOperation and type(parent.operator) is cst.Not


def _called(
    name: str, attributes: dict[str, list[cst.Attribute]], fn: cst.FunctionDef, parents: Parents
) -> bool:
    """Whether the module calls a method of this name (``obj.name(...)``, or gives
    ``self.name`` as a thread's ``target=``) outside ``fn``."""
    for node in attributes.get(name, ()):
        call = parents.get(id(node))
        if _owner(node, parents) is fn:
            continue
        if type(call) is cst.Call and call.func is node:
            return True
        if type(call) is cst.Arg and call.keyword is not None and call.keyword.value == "target":
            return True
    return False
