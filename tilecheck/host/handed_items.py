"""A tensor read before the Pending handed over with it is waited (round 38Q of issue 17).

The producer side of a pipeline puts ``(buf, k(buf.partition(t), x).submit())`` (or ``p =
k(...).submit()`` then ``(i, buf, p)``) on a queue; the consumer takes the item, unpacks it and
reads ``buf`` (``buf.to_numpy()``, ``np.asarray(buf)``, a view's, ``buf.copy_from(...)``)
before it waits the Pending (``await p``, ``p.wait()``). The producer keeps nothing of the
Pending (made in the put itself, or a name read nowhere else), so whichever way the producer's
and consumer's turns interleave (tasks of one event loop, threads, plain calls one after the
other), the Pending the consumer took is in flight until the consumer itself waits it: the
read is refused at run time (TC102), at the consumer's line.

Claimed only where every item the queue can hold is known (``tilecheck.host.handed_channels``:
each put of the queue anywhere is seen, none passes it to unknown code) and every put that is
no constant (``None``, a sentinel) puts a tuple display of one length whose item ``k`` is
such a Pending writing all of the tensor that item ``j`` names. A take in a body that certainly
runs, unpacked (``buf, p = await q.get()``, or ``item = q.get()`` / ``while (item := ...)``
then ``_, buf, p = item``) into plain names: the read must be in a simple statement after the
unpack in the same block, every statement up to it simple, leaving nothing early and naming
neither the Pending's name nor the item's; the read itself runs whenever its statement does
(not under a condition, ``and``/``or``, a lambda or a comprehension's item)."""

from __future__ import annotations

import re

import libcst as cst

from tilecheck.codes import USE_IN_FLIGHT
from tilecheck.host.api import HOST_READERS, TENSOR_VIEWS, TENSOR_WRITES
from tilecheck.host.context import Context
from tilecheck.host.findings import Finding
from tilecheck.host.handed_channels import Channel, Parents, channels, gated, parents_of
from tilecheck.host.handed_fields import field_channels
from tilecheck.host.launch import bind
from tilecheck.kernel_signature import ParamKind
from tilecheck.syntax.nodes import source_of
from tilecheck.syntax.walk import children, name_nodes

_READS = frozenset({"to_numpy"}) | TENSOR_WRITES  # a host read (or write) of the data
_VIEWS = TENSOR_VIEWS | frozenset({"T"})
_LEAVES = (cst.Return, cst.Raise, cst.Break, cst.Continue)
_CONDITIONAL = (
    cst.Lambda,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
    cst.IfExp,
    cst.FunctionDef,
)
_STARTERS = frozenset({"gather", "create_task", "ensure_future", "run", "wait_for", "shield"})
# The cheap gate of a field's channel: an item taken from a field of ``self`` and bound.
_FIELD_TAKE = re.compile(r"=\s*(?:await\s+)?self\.\w+(?:\.(?:pop|popleft|get|get_nowait)\(|\[)")


def handed_findings(ctx: Context, module: cst.Module) -> list[tuple[Finding, int]]:
    """The reads of a handed-over tensor before its Pending's wait, each with the module
    statement it lies in."""
    if not ctx.mentions(".submit()"):
        return []  # (no Pending is made in a put, nor named by one, in such a module)
    queues = gated(ctx)
    fields = ctx.text is None or _FIELD_TAKE.search(ctx.text) is not None
    if not queues and not fields:
        return []
    parents = parents_of(module)
    found = channels(ctx, module, parents) if queues else []
    if fields:
        found += field_channels(module, parents)
    out: list[tuple[Finding, int]] = []
    seen: set[int] = set()
    for channel in found:
        shape = _shape(ctx, channel, module, parents)
        if shape is None:
            continue
        length, pairs = shape
        for take, body in channel.takes:
            if not _running(body, channel, parents):
                continue
            for read, waited, site in _reads(ctx, take, body, length, pairs, parents, channel):
                line = _line_of(read, parents)
                if id(line) in seen:
                    continue  # (one read of a view and of its base: one finding)
                seen.add(id(line))
                finding = Finding(
                    USE_IN_FLIGHT,
                    read,
                    (
                        f"`{source_of(read)}` is used while the op submitted at ",
                        site,
                        f", handed over with its Pending, still writes it; wait on the Pending "
                        f"(`{waited}`) first",
                    ),
                )
                out.append((finding, _statement(module, read, parents)))
    return out


def _statement(module: cst.Module, node: cst.CSTNode, parents: Parents) -> int:
    current: cst.CSTNode | None = node
    while current is not None:
        above = parents.get(id(current))
        if above is module:
            return list(module.body).index(current)  # type: ignore[arg-type]
        current = above
    return 0


def _running(body: cst.CSTNode, channel: Channel, parents: Parents) -> bool:
    """The queue's own scope, a function a running call gives it to, or a function that
    reads it as a free variable called (a plain ``def``), awaited or given to asyncio to run
    by its name in the body it is defined in."""
    if id(body) in channel.reached:
        return True
    if type(body) is not cst.FunctionDef:
        return False
    outer = parents.get(id(body))
    outer = parents.get(id(outer)) if type(outer) is cst.IndentedBlock else outer
    if type(outer) is cst.FunctionDef:
        scope: cst.CSTNode = outer.body
    elif type(outer) is cst.Module:
        scope = outer
    else:
        return False
    name = body.name.value
    for node in _walk_own(scope):
        if type(node) is not cst.Call or type(node.func) is not cst.Name:
            continue
        if node.func.value != name:
            continue
        parent = parents.get(id(node))
        if body.asynchronous is None or type(parent) is cst.Await:
            return True
        above = parents.get(id(parent)) if type(parent) is cst.Arg else None
        if type(above) is cst.Call and _last(above.func) in _STARTERS:
            return True
    return False


def _last(func: cst.BaseExpression) -> str | None:
    if type(func) is cst.Attribute:
        return func.attr.value
    return func.value if type(func) is cst.Name else None


def _walk_own(root: cst.CSTNode) -> list[cst.CSTNode]:
    found: list[cst.CSTNode] = []
    stack = [root]
    while stack:
        node = stack.pop()
        found.append(node)
        if node is root or type(node) not in (cst.FunctionDef, cst.ClassDef, cst.Lambda):
            stack.extend(children(node))
    return found


# -- what the puts put ------------------------------------------------------------------------
def _shape(
    ctx: Context, channel: Channel, module: cst.Module, parents: Parents
) -> tuple[int, dict[tuple[str, int], cst.CSTNode]] | None:
    """The tuples' length and, per pair (j, k), a submit that made item k (None: no pair
    holds at every put, or some put's item is not known)."""
    length: int | None = None
    common: dict[tuple[str, int], cst.CSTNode] | None = None
    for item, body in channel.puts:
        if _constant(item, module, parents):
            continue
        if type(item) is not cst.Tuple or any(type(e) is cst.StarredElement for e in item.elements):
            return None
        if length is not None and len(item.elements) != length:
            return None
        length = len(item.elements)
        pairs = _pairs(ctx, item, body, parents, channel.fields)
        if common is None:
            common = pairs
        else:
            common = {p: s for p, s in common.items() if p in pairs}
        if not common:
            return None
    if length is None or not common:
        return None
    return length, common


def _constant(item: cst.BaseExpression, module: cst.Module, parents: Parents) -> bool:
    """``None``, a literal, or a name of the module bound once to one or to ``object()`` (a
    sentinel): no tuple."""
    if type(item) is cst.Name:
        return item.value in ("None", "True", "False") or _sentinel(item.value, module, parents)
    return type(item) in (cst.Integer, cst.Float, cst.SimpleString)


def _sentinel(name: str, module: cst.Module, parents: Parents) -> bool:
    values = [
        s.body[0].value
        for s in module.body
        if type(s) is cst.SimpleStatementLine
        and len(s.body) == 1
        and type(s.body[0]) is cst.Assign
        and len(s.body[0].targets) == 1
        and type(s.body[0].targets[0].target) is cst.Name
        and s.body[0].targets[0].target.value == name
    ]
    if len(values) != 1:
        return False
    value = values[0]
    plain = type(value) is cst.Call and not value.args and _last(value.func) == "object"
    if not plain and not _constant(value, module, parents):
        return False
    stores = 0
    for node in name_nodes(module):  # (any other store of the name, in any scope: given up)
        if type(node) in (cst.Global, cst.Nonlocal):
            return False
        if type(node) is cst.Name and node.value == name:
            parent = parents.get(id(node))
            stores += type(parent) in (cst.AssignTarget, cst.AnnAssign, cst.AugAssign)
    return stores == 1


def _pairs(
    ctx: Context,
    item: cst.Tuple,
    body: cst.CSTNode,
    parents: Parents,
    selfish: frozenset[str] | None,
) -> dict[tuple[str, int], cst.CSTNode]:
    """Per (what is written, k): the submit that made item ``k``, what it writes spelled over
    the item's other names (``#j`` for item j: ``#1``, ``self.out[#0]``)."""
    names = {e.value.value: j for j, e in enumerate(item.elements) if type(e.value) is cst.Name}
    out: dict[tuple[str, int], cst.CSTNode] = {}
    for k, element in enumerate(item.elements):
        avoid = set(names) | ({"self"} if selfish is not None else set())
        submit = _fresh(element.value, item, body, parents, avoid)
        if submit is None:
            continue
        for written in _written(ctx, submit):
            own = {n: j for n, j in names.items() if j != k}
            for key in _keys(written, own, selfish):
                out[(key, k)] = submit
    return out


def _keys(
    expr: cst.BaseExpression, names: dict[str, int], selfish: frozenset[str] | None
) -> list[str]:
    """``expr``'s spelling over ``names`` and, for a view (``t[i]``), its bases' marked ``~``:
    a read of a whole base overlaps the view written, a read of another view of it may not."""
    out: list[str] = []
    while True:
        key = _key(expr, names, selfish)
        if key is None:
            return out
        out.append(f"~{key}" if out else key)
        if type(expr) is not cst.Subscript:
            return out
        expr = expr.value


def _key(
    expr: cst.BaseExpression, names: dict[str, int], selfish: frozenset[str] | None
) -> str | None:
    """A path of item names (``#j``), ``self``'s fields no method but ``__init__`` binds (a
    field's channel: the one instance; ``selfish``), constant or item-name indices; None for
    anything else."""
    if type(expr) is cst.Name:
        return f"#{names[expr.value]}" if expr.value in names else None
    if type(expr) is cst.Integer:
        return expr.value
    if type(expr) is cst.Attribute:
        if (
            selfish is not None
            and type(expr.value) is cst.Name
            and expr.value.value == "self"
            and expr.attr.value in selfish
        ):
            return f"self.{expr.attr.value}"
        return None
    if type(expr) is cst.Subscript and len(expr.slice) == 1:
        index = expr.slice[0].slice
        if type(index) is not cst.Index:
            return None
        inner, at = _key(expr.value, names, selfish), _key(index.value, names, selfish)
        return None if inner is None or at is None else f"{inner}[{at}]"
    return None


def _fresh(
    value: cst.BaseExpression,
    put: cst.BaseExpression,
    body: cst.CSTNode,
    parents: Parents,
    avoid: set[str],
) -> cst.Call | None:
    """The ``k(...).submit()`` that makes ``value``, kept by nothing else: the call itself, or
    a name bound to it by an earlier statement of the put's block and read only here."""
    if _submit(value):
        return value  # type: ignore[return-value]
    if type(value) is not cst.Name:
        return None
    reads = [n for n in name_nodes(body) if type(n) is cst.Name and n.value == value.value]
    if len(reads) != 2:
        return None  # (the binding and this put, nothing else)
    line = _line_of(put, parents)
    block = parents.get(id(line)) if line is not None else None
    if line is None or type(block) not in (cst.IndentedBlock, cst.Module):
        return None
    statements = list(block.body)  # type: ignore[union-attr]
    for statement in reversed(statements[: statements.index(line)]):
        if type(statement) is not cst.SimpleStatementLine or len(statement.body) != 1:
            return None
        small = statement.body[0]
        if type(small) is cst.Assign and len(small.targets) == 1:
            target = small.targets[0].target
            if type(target) is cst.Name and target.value == value.value:
                return small.value if _submit(small.value) else None  # type: ignore[return-value]
        if _stores(small) and any(
            type(n) is cst.Name and n.value in avoid for n in name_nodes(small)
        ):
            return None  # (a tensor of the item bound again after the launch)
    return None


def _submit(value: cst.BaseExpression) -> bool:
    return (
        type(value) is cst.Call
        and not value.args
        and type(value.func) is cst.Attribute
        and value.func.attr.value == "submit"
        and type(value.func.value) is cst.Call
    )


def _written(ctx: Context, submit: cst.Call) -> list[cst.BaseExpression]:
    """The tensors the submitted launch writes (what a ``Mutable`` parameter is given, or
    what it partitions: ``buf`` of ``buf.partition(...)``)."""
    launch = submit.func.value  # type: ignore[attr-defined]
    kernel = ctx.callee(launch.func).kernel
    if kernel is None:
        return []
    out: list[cst.BaseExpression] = []
    for param, arg in bind(kernel, launch).args:
        if param.kind is not ParamKind.MUTABLE:
            continue
        value = arg.value
        if (
            type(value) is cst.Call
            and type(value.func) is cst.Attribute
            and value.func.attr.value == "partition"
        ):
            value = value.func.value
        out.append(value)
    return out


def _line_of(node: cst.CSTNode, parents: Parents) -> cst.SimpleStatementLine | None:
    current = parents.get(id(node))
    while current is not None and type(current) is not cst.SimpleStatementLine:
        if type(current) in (cst.FunctionDef, cst.Module, cst.Lambda):
            return None
        current = parents.get(id(current))
    return current


# -- where the consumer reads -----------------------------------------------------------------
def _reads(
    ctx: Context,
    take: cst.BaseExpression,
    body: cst.CSTNode,
    length: int,
    pairs: dict[tuple[str, int], cst.CSTNode],
    parents: Parents,
    channel: Channel,
) -> list[tuple[cst.BaseExpression, str, cst.CSTNode]]:
    """Each read of a tensor the take's item holds before the Pending beside it is named."""
    out: list[tuple[cst.BaseExpression, str, cst.CSTNode]] = []
    selfish = channel.fields
    for after, names, item in _unpacks(take, body, length, parents, channel):
        spelled = {name: j for j, name in enumerate(names) if name is not None}
        for (key, k), site in pairs.items():
            pending = names[k]
            if pending is None:
                continue
            guarded = {pending} | item
            read = _first_read(ctx, after, key, spelled, selfish, guarded)
            if read is not None:
                out.append((read, pending, site))
    return out


Run = tuple[tuple[cst.BaseStatement, ...], int]  # a block's statements, from this one on


def _unpacks(
    take: cst.BaseExpression, body: cst.CSTNode, length: int, parents: Parents, channel: Channel
) -> list[tuple[Run, list[str | None], set[str]]]:
    """Where the take's item is unpacked into ``length`` names (None: not a plain name): the
    statements that run next, with the names and the names the item is also known by."""
    parent = parents.get(id(take))
    if type(parent) is cst.Await:
        parent = parents.get(id(parent))
    if type(parent) is cst.Assign and len(parent.targets) == 1:
        target = parent.targets[0].target
        if type(target) in (cst.Tuple, cst.List):
            names = _targets(target, length)
            after = _after(parents.get(id(parent)), parents)
            return [] if names is None or after is None else [(after, names, set())]
        if type(target) is not cst.Name:
            return []
        item = target.value
    elif type(parent) is cst.NamedExpr and type(parent.target) is cst.Name:
        item = parent.target.value
    elif type(parent) is cst.For and parent.iter is take and not parent.asynchronous:
        target = parent.target  # (``for buf, p in iter(q.get, None):``)
        if type(target) in (cst.Tuple, cst.List):
            names = _targets(target, length)
            inner = parent.body
            if names is None or type(inner) is not cst.IndentedBlock:
                return []
            return [((tuple(inner.body), 0), names, set())]
        if type(target) is not cst.Name:
            return []
        item = target.value
    else:
        return []
    out: list[tuple[Run, list[str | None], set[str]]] = []
    taken = {id(t) for t, _ in channel.takes}
    for node in _walk_own(body.body if type(body) is cst.FunctionDef else body):
        if type(node) is not cst.Name or node.value != item:
            continue
        use = parents.get(id(node))
        if type(use) is cst.Assign and use.value is node and len(use.targets) == 1:
            names = _targets(use.targets[0].target, length)
            after = _after(parents.get(id(use)), parents)
            if names is None or after is None:
                return []
            out.append((after, names, {item}))
        elif not _harmless(node, use, parents, taken):
            return []
    return out


def _after(line: cst.CSTNode | None, parents: Parents) -> Run | None:
    """The statements of ``line``'s block after it."""
    block = parents.get(id(line)) if type(line) is cst.SimpleStatementLine else None
    statements = getattr(block, "body", None)
    if type(block) not in (cst.IndentedBlock, cst.Module) or not isinstance(statements, tuple):
        return None
    return statements, statements.index(line) + 1


def _targets(target: cst.BaseExpression, length: int) -> list[str | None] | None:
    if type(target) not in (cst.Tuple, cst.List):
        return None
    elements = target.elements  # type: ignore[attr-defined]
    if len(elements) != length or any(type(e) is cst.StarredElement for e in elements):
        return None
    return [e.value.value if type(e.value) is cst.Name else None for e in elements]


def _harmless(node: cst.Name, use: cst.CSTNode | None, parents: Parents, taken: set[int]) -> bool:
    """The item's name bound by a take, compared with ``None`` or tested: it waits nothing."""
    if type(use) is cst.AssignTarget:
        assign = parents.get(id(use))
        value = assign.value if type(assign) is cst.Assign else None
        if type(value) is cst.Await:
            value = value.expression
        return id(value) in taken
    if type(use) is cst.NamedExpr:
        value = use.value.expression if type(use.value) is cst.Await else use.value
        return id(value) in taken
    if type(use) is cst.For:
        return use.target is node and id(use.iter) in taken
    if type(use) is cst.Comparison:
        return all(
            type(c.comparator) is cst.Name and c.comparator.value == "None" for c in use.comparisons
        )
    if type(use) in (cst.If, cst.While):
        return getattr(use, "test", None) is node
    return type(use) is cst.UnaryOperation and type(use.operator) is cst.Not


def _first_read(
    ctx: Context,
    after: Run,
    key: str,
    names: dict[str, int],
    selfish: frozenset[str] | None,
    guarded: set[str],
) -> cst.BaseExpression | None:
    """The first read of what ``key`` spells in the statements ``after`` the unpack, before
    anything names one of ``guarded`` (the Pending, the item), binds or leaves."""
    statements, start = after
    for statement in statements[start:]:
        named = {n.value for n in name_nodes(statement) if type(n) is cst.Name}
        if named & guarded:
            return None
        if type(statement) is not cst.SimpleStatementLine:
            if not _passes(statement):
                return None
            continue
        if any(type(s) in _LEAVES for s in statement.body):
            return None
        read = _read_in(ctx, statement, key, names, selfish)
        if read is not None:
            return read
        if any(_stores(s) for s in statement.body):
            return None
    return None


def _passes(statement: cst.CSTNode) -> bool:
    """A compound statement that certainly goes on to the next: no way out of it (``return``,
    ``raise``, ``break``, ``continue``, ``yield``), no binding that could change what a key
    spells."""
    for node in _walk_own(statement):
        if type(node) in (*_LEAVES, cst.Yield, cst.Await, cst.Global, cst.Nonlocal):
            return False
        if type(node) in (cst.For, cst.With):
            return False  # (their targets bind)
        if isinstance(node, cst.BaseSmallStatement) and _stores(node):
            return False
    return type(statement) in (cst.If, cst.For, cst.While, cst.Try)


def _stores(small: cst.BaseSmallStatement) -> bool:
    """Whether ``small`` binds anything (a name, an attribute, an item) or deletes."""
    if type(small) in (cst.Assign, cst.AnnAssign, cst.AugAssign, cst.Del):
        return True
    return any(type(n) is cst.NamedExpr for n in name_nodes(small))


def _read_in(
    ctx: Context,
    statement: cst.CSTNode,
    key: str,
    names: dict[str, int],
    selfish: frozenset[str] | None,
) -> cst.BaseExpression | None:
    """A read (or host write) of what ``key`` spells, or of a view of it, that runs whenever
    ``statement`` does."""
    stack: list[cst.CSTNode] = [statement]
    while stack:
        node = stack.pop()
        if type(node) in _CONDITIONAL:
            continue
        if type(node) is cst.BooleanOperation:
            stack.append(node.left)
            continue
        if type(node) is cst.Call:
            func = node.func
            root: cst.BaseExpression | None = None
            if type(func) is cst.Attribute and func.attr.value in _READS:
                root = _viewed(func.value, key, names, selfish)
            elif node.args and ctx.callee(func).canonical in HOST_READERS:
                root = _viewed(node.args[0].value, key, names, selfish)
            if root is not None:
                return root
        stack.extend(children(node))
    return None


def _viewed(
    expr: cst.BaseExpression, key: str, names: dict[str, int], selfish: frozenset[str] | None
) -> cst.BaseExpression | None:
    """The part of ``expr`` that spells ``key``: itself, or what it is a view of (``t[0]``,
    ``t.reshape(...)``, ``t.T``); a base (``~``) only read whole."""
    whole = True
    while True:
        spelled = _key(expr, names, selfish)
        if spelled is not None and (spelled == key or (whole and f"~{spelled}" == key)):
            return expr
        whole = False
        if type(expr) is cst.Subscript:
            expr = expr.value
        elif type(expr) is cst.Attribute and expr.attr.value in _VIEWS:
            expr = expr.value
        elif (
            type(expr) is cst.Call
            and type(expr.func) is cst.Attribute
            and expr.func.attr.value in _VIEWS
        ):
            expr = expr.func.value
        else:
            return None
