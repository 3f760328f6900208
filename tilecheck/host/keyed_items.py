"""Ops made once per known key that some key never runs (TC105 where they are made; tilert
warns when the op is dropped unrun). Two forms, each from the syntax of one scope
(``tilecheck.host.known_keys``):

* a loop over known keys makes an op on every step and runs it only under a test of the key
  (``for name, t in bufs.items(): op = k(...); if name in chosen: op.sync()``): a key for
  which the test is false drops its step's op when the next step rebinds the name. Only where
  the loop body never leaves early (``break``, ``continue``, ``return``, ``raise``), the op's
  name is named nowhere else than in its assignment and in that ``if`` (no ``else``), and the
  test reads the key, constants and names of constant displays only;
* a container of ops keyed by known keys (a comprehension over them, a display) read by key
  whose every use names an item by a constant key or by the target of loops over known keys,
  or asks its length: an item no such key reaches is never run.

Anything else stays as before (stored ops count as run: someone may take them out)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

import libcst as cst

from tilecheck.codes import OP_NEVER_RUN, PENDING_NEVER_WAITED
from tilecheck.host.appended_rows import appended_rows
from tilecheck.host.call_literals import known_key
from tilecheck.host.containers import constant_slice
from tilecheck.host.filled_returns import Filled, filled_rows, returned_filled
from tilecheck.host.findings import Finding
from tilecheck.host.formed_keys import form, formed_name
from tilecheck.host.guarded_keys import guards_of, reaching
from tilecheck.host.keyed_drops import dropped_or_taken
from tilecheck.host.known_keys import Key, ScopeNames, constant, walked_key
from tilecheck.host.param_keys import CalledNames
from tilecheck.host.returned_rows import returned_display
from tilecheck.host.shadowed_names import module_own
from tilecheck.host.store_rows import stored_rows
from tilecheck.syntax.constants import COMPARISONS
from tilecheck.syntax.index import SyntaxIndex
from tilecheck.syntax.nodes import empty_dict, empty_list, source_of
from tilecheck.syntax.walk import descendants, own_nodes

_LEAVING = (cst.Break, cst.Continue, cst.Return, cst.Raise)
_HOLDERS = frozenset((cst.For, cst.DictComp, cst.ListComp, cst.Dict, cst.List, cst.Tuple))
_DISPLAYS = (cst.List, cst.Tuple)  # round 31E: a display's positions are its keys
_MADE = (cst.DictComp, cst.ListComp, cst.Dict, cst.List, cst.Tuple)


def candidates(index: SyntaxIndex, scope: cst.CSTNode) -> frozenset[cst.CSTNode]:
    """The calls either form may concern anywhere in ``scope`` (from its listed nodes)."""
    return held_items(index.nodes(scope))


def held_items(holders: Iterable[cst.CSTNode], *, members: bool = False) -> frozenset[cst.CSTNode]:
    """The calls either form may concern among ``holders``' own items: a whole statement
    ``name = call`` of a loop's body, an item of a comprehension or of a dict display (other
    nodes give none); ``members``: also the members of an item's tuple display."""
    found: set[cst.CSTNode] = set()
    if members:
        for node in holders:
            item = node.elt if type(node) is cst.ListComp else getattr(node, "value", None)
            if type(node) in (cst.ListComp, cst.DictComp) and type(item) is cst.Tuple:
                found.update(e.value for e in item.elements)
            elif type(node) in (cst.ListComp, cst.DictComp) and type(item) is cst.Call:
                found.update(a.value for a in item.args)  # ``Job(n, k(...).submit())``
    for node in holders:
        if type(node) not in _HOLDERS:
            continue
        if type(node) is cst.For and type(node.body) is cst.IndentedBlock:
            for stmt in node.body.body:
                if type(stmt) is cst.SimpleStatementLine and type(stmt.body[0]) is cst.Assign:
                    found.add(stmt.body[0].value)
                elif type(stmt) is cst.SimpleStatementLine and type(stmt.body[0]) is cst.Expr:
                    found.update(_appended(stmt.body[0].value))  # round 40N
        elif type(node) is cst.DictComp:
            found.add(node.value)
        elif type(node) is cst.ListComp:
            found.add(node.elt)
        elif type(node) is cst.Dict:
            found.update(e.value for e in node.elements if type(e) is cst.DictElement)
        elif type(node) is cst.List or type(node) is cst.Tuple:
            found.update(e.value for e in node.elements if type(e) is cst.Element)
    return frozenset(found)


def unrun_keyed(
    scope: cst.CSTNode,
    sites: frozenset[cst.CSTNode],
    outer: Callable[[], ScopeNames | None] | None = None,
    numbers: Mapping[str, int] | None = None,
) -> Iterator[Finding]:
    """TC105 for the launches among ``sites`` that some known key leaves unrun (``outer``:
    the module's names, for the names a function reads from it; ``numbers``: the scope's
    integer constants)."""
    names = CalledNames(scope, outer, numbers)
    for loop in names.loops:
        if type(loop) is cst.For:
            yield from _gated(names, loop, sites)
    for name in names.binds:
        yield from _unreached(names, name, sites)


def _gated(names: ScopeNames, loop: cst.For, sites: frozenset[cst.CSTNode]) -> Iterator[Finding]:
    key = walked_key(loop.target)
    if key is None or type(loop.body) is not cst.IndentedBlock:
        return
    body = list(loop.body.body)
    made = [(i, m) for i, s in enumerate(body) if (m := _made(s, sites)) is not None]
    if not made or _leaves(loop.body):
        return
    keys = names.walked(loop)
    if not keys:
        return
    for index, (op, call) in made:
        tests = [s for s in body[index + 1 :] if type(s) is cst.If and _mentions(s.body, op)]
        if len(tests) != 1 or tests[0].orelse is not None or _mentions(tests[0].test, op):
            continue
        test = tests[0]
        inside = _count(body[index], op) + _count(test.body, op)
        if inside != len(names.uses.get(op, ())) + len(names.binds.get(op, ())):
            continue  # named elsewhere: what happens to it there is not known here
        if _rebinds(loop.body, key):
            continue
        truths = [_truth(test.test, key, k, names) for k in keys]
        if any(t is None for t in truths) or all(truths):
            continue
        dropped = keys[truths.index(False)]
        yield Finding(
            OP_NEVER_RUN,
            call,
            (
                f"the op made here on every step runs only where `{source_of(test.test)}` "
                f"holds, and for the key {dropped!r} it does not: that step drops it unrun "
                "(its tensors stay borrowed until it is collected); make it only where it runs",
            ),
            labels=((test.test, "false for some key the loop walks"),),
        )


def unwaited_keyed(
    scope: cst.CSTNode,
    sites: frozenset[cst.CSTNode],
    outer: Callable[[], ScopeNames | None] | None = None,
    records: frozenset[str] = frozenset(),
    numbers: Mapping[str, int] | None = None,
) -> Iterator[Finding]:
    """TC108 for the submits among ``sites`` that make a container's items (also as a member
    of an item's tuple, or an argument of a plain record class in ``records``) (a comprehension
    or a display, bound once or indexed at once) whose every use takes items by keys or
    constant slices that leave some position out: the Pending there is never waited (round
    29C: the container's positions as cells; the untaken ones are dropped)."""
    names = CalledNames(scope, outer, numbers)
    for name in names.binds:
        value, uses = _binding(names, name)
        returned = returned_display(names, value)  # ``pend = start()`` (round 40N)
        filled = None if returned else returned_filled(names, value)  # (round 41N)
        value = returned or (filled[2] if filled else value)
        if type(value) in (cst.DictComp, cst.ListComp, cst.Dict) or _filled(value) or returned:
            left = _left_out(names, value, uses, sites, records, filled)  # type: ignore[arg-type]
            for call, shown in left:
                yield _unwaited(call, shown, f"`{name}`")
    for comp, parent, above in names.indexed:
        use = (comp, parent, above)
        for call, shown in _left_out(names, comp, (use,), sites, records):
            yield _unwaited(call, shown, "the list made here")


def _unwaited(call: cst.CSTNode, shown: Key, holder: str) -> Finding:
    return Finding(
        PENDING_NEVER_WAITED,
        call,
        (
            f"the Pending submitted here for the key {shown!r} of {holder} is never waited "
            f"on: every use of {holder} takes its items by other keys, so that one is dropped "
            "unwaited (its tensors stay borrowed); wait on every item, or do not submit it",
        ),
    )


def _left_out(
    names: ScopeNames,
    value: cst.DictComp | cst.ListComp | cst.Dict | cst.List | cst.Tuple | cst.Call,
    uses: Sequence[tuple[cst.CSTNode, object, object]],
    sites: frozenset[cst.CSTNode],
    records: frozenset[str] | None,
    filled: Filled | None = None,
) -> Iterator[tuple[cst.CSTNode, Key]]:
    """The items of ``value`` made by ``sites`` that no use reaches, with a key left out
    (``records``: None, only items that are the launch itself; ``filled``: ``value`` is the
    empty container a called function fills and returns, round 41N)."""
    made: Sequence[tuple[cst.CSTNode, Key | None]]
    if empty_dict(value) or empty_list(value):  # stores under known keys (round 37K, 40N)
        made_in = lambda item: _made_in(item, sites, records)  # noqa: E731
        if filled is not None:
            rows = filled_rows(filled, made_in)
            stored = None if rows is None else (*rows, frozenset[int]())
        elif empty_dict(value):
            stored = stored_rows(names, uses, made_in)
        elif uses and type(uses[0][0]) is cst.Name:
            stored = appended_rows(names, uses[0][0].value, uses, made_in)
        else:
            stored = None
        if stored is None:
            return
        made, keys, stores = stored
        uses = [use for use in uses if id(use[0]) not in stores]
    else:
        if isinstance(value, cst.Call):
            return
        made, found = _items_made(value, sites, records), names.made_keys(value)
        keys = found or []
    if not made or not keys:
        return
    reached: set[Key] = set()
    for use in uses:
        counted = type(value) is cst.ListComp or type(value) in _DISPLAYS
        got = _reaches(names, use, len(keys) if counted else None, keys)
        if got is None:
            return
        reached |= got
    if not reached:
        return  # never read by key: stored, as before (someone may take it out)
    left = [k for k in keys if k not in reached]
    shown: set[int] = set()
    for call, key in made:
        if left and (key is None or key in left) and id(call) not in shown:
            shown.add(id(call))
            yield call, left[0] if key is None else key


def _unreached(names: ScopeNames, name: str, sites: frozenset[cst.CSTNode]) -> Iterator[Finding]:
    value, uses = _binding(names, name)
    if type(value) in _DISPLAYS and not _named_display(names, name):
        return  # ``a, b = k(x), k(y)`` binds names, not a container
    returned = returned_display(names, value)  # ``ops = build()`` (round 40N)
    filled = None if returned else returned_filled(names, value)  # (round 41N)
    value = returned or (filled[2] if filled else value)
    if type(value) not in _MADE and not _filled(value):
        return
    for call, shown in _left_out(names, value, uses, sites, None, filled):  # type: ignore[arg-type]
        yield Finding(
            OP_NEVER_RUN,
            call,
            (
                f"the op made here for the key {shown!r} of `{name}` is never run: every "
                f"use of `{name}` names its items by other keys (or runs them only under "
                "a test false for this one); run it too, or do not make it",
            ),
        )


def _binding(
    names: ScopeNames, name: str
) -> tuple[cst.BaseExpression | None, Sequence[tuple[cst.CSTNode, object, object]]]:
    """The value ``name`` is bound to once and its uses; at module level also where the
    module's functions bind the name as their own locals (``ops = build()`` beside ``build``'s
    own ``ops``: ``tilecheck.host.shadowed_names``, round 41N, for a call's result only)."""
    value = names.bound_once(name)
    if value is None and len(names.binds.get(name, ())) > 1:
        own = module_own(names, name)
        if own is not None and type(own[0]) is cst.Call:
            return own
    return value, names.uses.get(name, ())


def _items_made(
    value: cst.DictComp | cst.ListComp | cst.Dict | cst.List | cst.Tuple,
    sites: frozenset[cst.CSTNode],
    records: frozenset[str] | None = None,
) -> list[tuple[cst.CSTNode, Key | None]]:
    """The launches a container's items are: (the call, its key; None for a comprehension's
    one call that makes every item). ``records`` (not None): also a member of an item's tuple
    display (``(out, k(...).submit())``) or an argument of a record class it names."""
    if type(value) is cst.Dict:
        out: list[tuple[cst.CSTNode, Key | None]] = []
        for element in value.elements:
            if type(element) is cst.DictElement:
                for made in _made_in(element.value, sites, records):
                    out.append((made, constant(element.key)))
        return out
    if type(value) is cst.List or type(value) is cst.Tuple:
        return [
            (made, i)
            for i, element in enumerate(value.elements)
            for made in _made_in(element.value, sites, records)
        ]
    item = value.value if type(value) is cst.DictComp else value.elt  # type: ignore[union-attr]
    return [(made, None) for made in _made_in(item, sites, records)]


def _filled(value: cst.BaseExpression | None) -> bool:
    """An empty dict or list (items stored or appended later: round 37K, round 40N)."""
    return empty_dict(value) or empty_list(value)


def _appended(expr: cst.BaseExpression) -> list[cst.CSTNode]:
    """What ``xs.append(value)`` appends (round 40N: a list filled in a loop)."""
    if type(expr) is cst.Call and type(expr.func) is cst.Attribute and len(expr.args) == 1:
        if expr.func.attr.value == "append":
            return [expr.args[0].value]
    return []


def _named_display(names: ScopeNames, name: str) -> bool:
    """``name = [...]`` (or ``name: T = (...)``): the one binder's target is the name itself."""
    binder = names.binds[name][0]
    if type(binder) is cst.Assign:
        return type(binder.targets[0].target) is cst.Name
    return type(binder) is cst.AnnAssign and type(binder.target) is cst.Name


def _made_in(
    item: cst.BaseExpression, sites: frozenset[cst.CSTNode], records: frozenset[str] | None
) -> list[cst.CSTNode]:
    if item in sites:
        return [item]
    if records is not None and type(item) is cst.Tuple:
        return [e.value for e in item.elements if e.value in sites]
    if records and type(item) is cst.Call and type(item.func) is cst.Name:
        if item.func.value in records:  # a plain dataclass keeps its arguments, nothing more
            return [a.value for a in item.args if a.value in sites]
    return []


def _reaches(
    names: ScopeNames,
    use: tuple[cst.CSTNode, object, object],
    count: int | None,
    keys: list[Key] | None = None,
) -> set[Key] | None:
    """The keys one use of a container may take an item by (``use``: a name, or a list
    comprehension indexed where it is made); None where it may take any. ``count``: the
    positions of a list (None: a dict, whose ``pop(k)`` and ``del d[k]`` move no other);
    ``keys``: all the keys the container is given (a walk of it takes at most those)."""
    name, parent, above = use
    if type(above) is cst.Call and type(above.func) is cst.Name and above.func.value == "len":
        return set()
    if type(parent) is cst.Attribute and parent.value is name and type(above) is cst.Call:
        taken = dropped_or_taken(parent, above)  # ``ops.clear()``, ``ops.pop(k)`` (round 37K)
        if taken is False:
            return set()
        if isinstance(taken, cst.BaseExpression) and count is None:
            return _key_taken(names, taken, count, name)
        return _walked_items(names, parent, above, keys)
    if type(parent) is not cst.Subscript or parent.value is not name or len(parent.slice) != 1:
        return None
    index = parent.slice[0].slice
    if type(index) is cst.Slice and count is not None and type(above) is not cst.AssignTarget:
        window = _window(names, index)  # ``ops[:-1]``: the positions it reads
        return None if window is None else set(range(count)[window])
    if type(index) is not cst.Index:
        return None
    if type(above) is cst.Del:  # a dict's ``del d[k]`` drops the item (a list's shifts)
        return set() if count is None else None
    return _key_taken(names, index.value, count, name)


def _window(names: ScopeNames, index: cst.Slice) -> slice | None:
    """The slice of constant bounds, also of the scope's numbers (``ops[: HEADS - 1]``,
    round 40N)."""
    window = constant_slice(index, {})
    if window is not None:
        return window
    if index.step is not None:
        return None
    lower = None if index.lower is None else names.number(index.lower)
    upper = None if index.upper is None else names.number(index.upper)
    if (lower is None and index.lower is not None) or (upper is None and index.upper is not None):
        return None
    return slice(lower, upper)


def _key_taken(
    names: ScopeNames, index: cst.BaseExpression, count: int | None, name: cst.CSTNode
) -> set[Key] | None:
    """The keys ``d[index]`` or ``d.pop(index)`` (``name``: ``d``) may take an item by: a
    constant, a name of one known key, the target of a loop over known keys (those of its
    keys for which the use may run); None for any other key."""
    key = constant(index)
    if key is not None:
        if count is not None and isinstance(key, int) and key < 0:
            key += count
        return {key}
    formed = form(index)  # ``ops[f"layer{i}.mlp"]`` (round 41N)
    if formed is not None:
        inner = _key_taken(names, formed_name(index), count, name)  # type: ignore[arg-type]
        keys = None if inner is None else {formed(k) for k in inner}
        return None if keys is None or None in keys else {k for k in keys if k is not None}
    if type(index) is not cst.Name:
        return None
    known = known_key(names, index.value)  # round 29N2: ``ops[mode]``, ``mode`` known
    if known is not None:
        return {known}
    loop = names.walker.get(id(index))
    binders = names.binds.get(index.value, ())
    # (a parameter binds in its own function or lambda, never inside the loop: round 39K)
    if loop is None or not all(type(b) in (cst.For, cst.CompFor, cst.Param) for b in binders):
        return None  # not the target of a loop around the use, or bound otherwise too
    walked = names.walked(loop)
    if walked is None:
        return None
    key_name = index.value
    if type(loop) is not cst.For or walked_key(loop.target) != key_name:
        return set(walked)
    return _guarded(names, loop, key_name, walked, (name,))


def _walked_items(
    names: ScopeNames, method: cst.Attribute, call: cst.Call, keys: list[Key] | None
) -> set[Key] | None:
    """The keys ``for k, v in d.items():`` takes items by: those for which a use of ``v`` in
    the body may run (``v`` bound there only and named nowhere else). ``keys``: those ``d`` is
    given (stored by known keys: round 39K), where its syntax does not show them."""
    loop = next((lp for lp in names.loops if type(lp) is cst.For and lp.iter is call), None)
    if method.attr.value != "items" or call.args or loop is None:
        return None
    target = loop.target
    key_name = walked_key(target)
    if type(target) is not cst.Tuple or len(target.elements) != 2 or key_name is None:
        return None
    value = target.elements[1].value
    walked = names.walked(loop) or keys
    if type(value) is not cst.Name or walked is None or names.binds.get(value.value) != [loop]:
        return None
    uses = [use for use, _, _ in names.uses.get(value.value, ())]
    if any(names.walker.get(id(use)) is not loop for use in uses):
        return None  # named after the loop too: that is the last item
    return _guarded(names, loop, key_name, walked, uses)


def _guarded(
    names: ScopeNames,
    loop: cst.For,
    key_name: str,
    walked: list[Key],
    uses: Sequence[cst.CSTNode],
) -> set[Key] | None:
    """The keys of ``walked`` for which some of ``uses`` in the loop's body may run."""
    if _rebinds(loop.body, key_name):
        return set(walked)
    guards = guards_of(loop.body, uses)
    if guards is None:
        return None
    return reaching(walked, guards, lambda test, key: _truth(test, key_name, key, names))


def _made(stmt: cst.BaseStatement, sites: frozenset[cst.CSTNode]) -> tuple[str, cst.Call] | None:
    """``name = <launch>`` as a whole statement."""
    if type(stmt) is not cst.SimpleStatementLine or len(stmt.body) != 1:
        return None
    assign = stmt.body[0]
    if type(assign) is not cst.Assign or len(assign.targets) != 1:
        return None
    target, value = assign.targets[0].target, assign.value
    if type(target) is cst.Name and type(value) is cst.Call and value in sites:
        return target.value, value
    return None


def _truth(test: cst.BaseExpression, key: str, value: Key, names: ScopeNames) -> bool | None:
    """The test's truth where ``key`` holds ``value``; None where it reads anything else."""
    if type(test) is cst.Comparison and len(test.comparisons) == 1:
        target = test.comparisons[0]
        left = _operand(test.left, key, value)
        if type(target.operator) in (cst.In, cst.NotIn):
            within = names.constants(target.comparator)
            if left is None or within is None:
                return None
            return (left in within) == (type(target.operator) is cst.In)
        compare = COMPARISONS.get(type(target.operator))
        right = _operand(target.comparator, key, value)
        if compare is None or left is None or right is None or type(left) is not type(right):
            return None
        return compare(left, right)
    if type(test) is cst.UnaryOperation and type(test.operator) is cst.Not:
        inner = _truth(test.expression, key, value, names)
        return None if inner is None else not inner
    if type(test) is cst.BooleanOperation:
        left_truth = _truth(test.left, key, value, names)
        right_truth = _truth(test.right, key, value, names)
        if left_truth is None or right_truth is None:
            return None
        if type(test.operator) is cst.And:
            return left_truth and right_truth
        return left_truth or right_truth
    return None


def _operand(expr: cst.BaseExpression, key: str, value: Key) -> Key | None:
    if type(expr) is cst.Name:
        return value if expr.value == key else None
    return constant(expr)


def _leaves(tree: cst.CSTNode) -> bool:
    return any(isinstance(node, _LEAVING) for node in own_nodes(tree))


def _count(tree: cst.CSTNode, name: str) -> int:
    return sum(1 for node in descendants(tree) if type(node) is cst.Name and node.value == name)


def _mentions(tree: cst.CSTNode, name: str) -> bool:
    return _count(tree, name) > 0


def _rebinds(tree: cst.CSTNode, key: str) -> bool:
    """``tree`` may rebind the loop's key (an assignment, a loop, a ``with`` target, a walrus)."""
    for node in descendants(tree):
        targets: list[cst.CSTNode] = []
        if type(node) is cst.Assign:
            targets = [t.target for t in node.targets]
        elif type(node) in (cst.AugAssign, cst.AnnAssign, cst.NamedExpr, cst.For, cst.CompFor):
            targets = [node.target]  # type: ignore[attr-defined]
        elif type(node) is cst.AsName:
            targets = [node.name]
        if any(_mentions(t, key) for t in targets):
            return True
    return False
