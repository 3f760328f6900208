"""One object under every key (issue 17, round 34A; ``library_spec``: ``ONE_VALUE_PER_KEY``):
``dict.fromkeys(keys, value)`` evaluates ``value`` once and puts that one object under each
key, so ``dict.fromkeys(names, tiles(t))`` holds one partition under every name (the first
launch given one of them consumes it, the second raises: TC109), and
``dict.fromkeys(slots, op.submit())`` one Pending.

Run as the analysis runs ``v = value`` then ``{k: v for k in keys}`` (the form it follows key
by key), ``v`` a name of the call's own, bound while the comprehension is evaluated and
forgotten after it. Followed where the keys are an access path or a display (a list, tuple or
set of literals and paths: evaluated once there, as the call does) or a ``range`` of those;
``dict.fromkeys(keys)`` (every value ``None``) holds nothing the analysis follows and is left
to the call as before."""

from __future__ import annotations

from typing import Protocol

import libcst as cst

from tilecheck.host.dunders import receiver_path
from tilecheck.host.model import NOTHING, Value
from tilecheck.host.property_reads import lowered_from

_VALUE = "fromkeys_value_"  # the name the one value is bound to (no Python name ends so)
_KEY = "fromkeys_key_"
_ATOMS = (cst.Integer, cst.Float, cst.SimpleString, cst.Name)


class Analysis(Protocol):
    """What running the call needs of the analysis."""

    def ev(self, expr: cst.BaseExpression) -> Value: ...

    def bind_name(self, name: str, value: Value) -> None: ...

    def set_env(self, name: str, oids: frozenset[int] | None) -> None: ...


def plain(call: cst.Call) -> bool:
    """``fromkeys(keys, value)``: two positional arguments, the keys evaluated without effect."""
    args = call.args
    if len(args) != 2 or any(a.keyword is not None or a.star for a in args):
        return False
    return _pure(args[0].value)


def _pure(keys: cst.BaseExpression) -> bool:
    if receiver_path(keys) is not None:
        return True
    if type(keys) in (cst.List, cst.Tuple, cst.Set):
        return all(
            type(e) is cst.Element and (type(e.value) in _ATOMS or receiver_path(e.value))
            for e in keys.elements  # type: ignore[attr-defined]
        )
    if type(keys) is cst.Call and type(keys.func) is cst.Name and keys.func.value == "range":
        return all(not a.star and a.keyword is None and _pure_atom(a.value) for a in keys.args)
    return False


def _pure_atom(value: cst.BaseExpression) -> bool:
    return type(value) in _ATOMS or receiver_path(value) is not None


def comprehension(call: cst.Call) -> cst.DictComp:
    """``{k: v for k in keys}`` of a ``plain`` call, built once per call by the caller."""
    loop = cst.CompFor(target=cst.Name(_KEY), iter=call.args[0].value)
    made = cst.DictComp(key=cst.Name(_KEY), value=cst.Name(_VALUE), for_in=loop)
    return lowered_from(call, made)


def run(an: Analysis, call: cst.Call, made: cst.DictComp) -> Value:
    """The dict ``call`` makes: its value evaluated once, then held under every key."""
    value = an.ev(call.args[1].value)
    an.bind_name(_VALUE, value)
    try:
        return an.ev(made)
    finally:
        an.bind_name(_VALUE, NOTHING)
        an.set_env(_VALUE, None)
