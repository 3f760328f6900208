"""Examples of round 28I of issue 17 (methods Python runs on a receiver read by its access path,
and user code a library call runs, lowered to calls: ``tilecheck.host.implicit_sites``,
``tilecheck.host.library_runs``): ``"%r" % (x,)`` and ``"{}".format(x)`` format an item of a
list; ``a + 1.0`` runs ``__add__``, ``a += b`` ``__iadd__``; ``set(items)`` hashes every item;
``max``/``sorted`` run their ``key=`` on every item and ``cmp_to_key``'s function on pairs;
``obj.attr = v`` runs a property's setter; ``del obj[k]`` ``__delitem__``;
``dataclasses.replace`` constructs the class again; ``getattr(obj, "out")`` is ``obj.out``.
The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter raises at the marked line, inside the method that runs)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_ITEMS = """
from functools import cmp_to_key


class Item:
    def __init__(self) -> None:
        self.out = tr.zeros((32,))

    def start(self) -> tr.Pending:
        return scale(self.out.partition((8,)), 2.0).submit()

{method}

def score_of(item: Item) -> float:
    return float(item.out.to_numpy()[0]){key}


def by_score(a: Item, b: Item) -> int:
    return int(a.out.to_numpy()[0] - b.out.to_numpy()[0]){cmp}


def main() -> None:
    items = [Item(), Item()]
    pendings = [item.start() for item in items]
    {order}
"""

_REPR = """    def __repr__(self) -> str:
        return repr(self.out.to_numpy()[0]){mark}
"""
_FORMAT = """    def __format__(self, spec: str) -> str:
        return format(float(self.out.to_numpy()[0]), spec){mark}
"""
_ADD = """    def __add__(self, other: float) -> float:
        return float(self.out.to_numpy()[0]) + other{mark}
"""
_HASH = """    def __hash__(self) -> int:
        return hash(float(self.out.to_numpy()[0])){mark}

    def __eq__(self, other: object) -> bool:
        return self is other
"""
_LEN = """    def __len__(self) -> int:
        return int(self.out.to_numpy()[0]){mark}
"""
_WAIT = "for p in pendings:\n        p.wait()\n    "


def _case(method: str, order: str, mark: str = "", waited: bool = False) -> str:
    body = (_WAIT + order) if waited else (order + "\n    " + _WAIT.strip())
    key = mark if "key=score_of" in order else ""
    cmp = mark if "cmp_to_key" in order else ""
    method = method.format(mark=mark if method else "")
    return _ITEMS.format(method=method, order=body, key=key, cmp=cmp)


_ORDERS = (
    (_REPR, "print('%s: %r' % ('first', items[0]))", "% formatting runs an item's __repr__"),
    (_FORMAT, "print('{:.2f}'.format(items[1]))", "str.format runs an item's __format__"),
    (_ADD, "first = items[0]\n    print(first + 1.0)", "a + 1.0 runs __add__"),
    (_HASH, "print(len(set(items)))", "set() hashes every item"),
    (_LEN, "print('busy' if items[0] else 'idle')", "an item's truth runs its __len__"),
    ("", "print(max(items, key=score_of))", "max runs its key on every item"),
    ("", "print(len(sorted(items, key=cmp_to_key(by_score))))", "cmp_to_key compares items"),
)

_SETTER = """

class Gate:
    def __init__(self) -> None:
        self._w = tr.ones((32,))

    @property
    def weight(self) -> Tensor[f32]:
        return self._w

    @weight.setter
    def weight(self, new: Tensor[f32]) -> None:
        self._w.copy_from(new){mark}


def main() -> None:
    gate = Gate()
    out = tr.zeros((32,))
    fresh = tr.zeros((32,))
    {order}
"""
_SET_ORDER = "pending = copy(out.partition((8,)), gate.weight).submit()\n    "

_REPLACE = """
from dataclasses import dataclass, replace


@dataclass
class Step:
    src: Tensor[f32]
    dst: Tensor[f32]

    def run(self) -> None:
        copy(self.dst.partition((8,)), self.src).sync(){mark}


def main() -> None:
    step = Step(tr.ones((32,)), tr.zeros((32,)))
    step.run()
    again = replace(step, {given})
    again.run()
"""

_SETATTR = """

class Holder:
    def __init__(self) -> None:
        self.pending: tr.Pending | None = None


def main() -> None:
    out = tr.zeros((32,))
    holder = Holder()
    setattr(holder, "pending", scale(out.partition((8,)), 2.0).submit())
    {order}
"""
_KEPT_WAIT = "if holder.pending is not None:\n        holder.pending.wait()"


VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        *(
            valid(_case(method, order, waited=True), note + " after the waits")
            for method, order, note in _ORDERS
        ),
        valid(
            _SETATTR.format(order=_KEPT_WAIT + "\n    print(out.to_numpy())"),
            "setattr keeps the Pending on the object; waited before the read",
        ),
    ),
    "TC103": (
        valid(
            _SETTER.format(mark="", order=_SET_ORDER + "pending.wait()\n    gate.weight = fresh"),
            "the setter copies into the weight after the op that reads it is waited",
        ),
    ),
    "TC101": (
        valid(
            _REPLACE.format(mark="", given="dst=tr.zeros((32,))"),
            "dataclasses.replace given a new output: two tensors",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        *(
            invalid(_case(method, order, mark="  # TC102"), note, typed=False)
            for method, order, note in _ORDERS
        ),
        invalid(
            _SETATTR.format(order="print(out.to_numpy())  # TC102\n    " + _KEPT_WAIT),
            "setattr with a literal name stores the Pending: the op is still in flight",
            typed=False,
        ),
    ),
    "TC103": (
        invalid(
            _SETTER.format(
                mark="  # TC103", order=_SET_ORDER + "gate.weight = fresh\n    pending.wait()"
            ),
            "a property's setter copies into the weight an op still reads",
            typed=False,
        ),
    ),
    "TC101": (
        invalid(
            _REPLACE.format(mark="  # TC101", given="dst=step.src"),
            "dataclasses.replace makes the copy write into its own input",
            typed=False,
        ),
    ),
}
