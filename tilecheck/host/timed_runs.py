"""Callables a timing call runs over and over (issue 17, round 34A; ``library_spec``: ``TIMES``,
``REPEATS``): ``timeit.timeit(f, number=n)`` calls ``f()`` ``n`` times before it returns,
``timeit.repeat(f, repeat=r, number=n)`` ``r * n`` times (the documented defaults where not
given: 1,000,000 and 5). An op's ``sync`` timed so runs the op again on the second call
(TC110); a function of the module timed so runs its summary each time.

Lowered to the calls it makes, run first (``library_runs``): ``[f(), f()]`` (two calls stand
for any number of two or more: what a second run does, a third does again), ``[f()]`` for one,
a lambda's body in place of its call. Followed where what runs is certain: ``f`` a name or an
attribute path, or a lambda of no parameter; ``number=``/``repeat=`` integer literals or not
given; no ``setup=`` but a string literal (a callable setup would run between the runs);
``stmt`` as a string of code (run in ``timeit``'s own namespace) is not followed."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.dunders import receiver_path
from tilecheck.host.library_spec import Does, entry
from tilecheck.host.property_reads import lowered_from

# each timing function's parameters in order, with the defaults of the counts
_PARAMETERS = {
    Does.TIMES: ("stmt", "setup", "timer", "number", "globals"),
    Does.REPEATS: ("stmt", "setup", "timer", "repeat", "number", "globals"),
}
_DEFAULTS = {"number": 1_000_000, "repeat": 5}


def lowered(expr: cst.Call, canonical: str) -> cst.List | None:
    """The calls ``expr`` (a ``TIMES`` call) makes, as a list display of them (at most two)."""
    found = entry(canonical)
    if found is None or Does.TIMES not in found.does or any(a.star for a in expr.args):
        return None
    repeats = Does.REPEATS in found.does
    names = _PARAMETERS[Does.REPEATS if repeats else Does.TIMES]
    given: dict[str, cst.BaseExpression] = {}
    for i, arg in enumerate(expr.args):
        if arg.keyword is not None:
            given[arg.keyword.value] = arg.value
        elif i < len(names):
            given[names[i]] = arg.value
        else:
            return None
    setup = given.get("setup")
    if setup is not None and type(setup) is not cst.SimpleString:
        return None
    times = 1
    for count in ("number", "repeat") if repeats else ("number",):
        value = given.get(count)
        if value is None:
            times *= _DEFAULTS[count]
        elif type(value) is cst.Integer and value.value.isdigit():
            times *= int(value.value)
        else:
            return None
    stmt = given.get("stmt")
    if stmt is None or times == 0:
        return None
    if type(stmt) is cst.Lambda:
        params = stmt.params
        if params.params or params.posonly_params or params.kwonly_params:
            return None
        if params.star_kwarg is not None or type(params.star_arg) is cst.Param:
            return None
        run: cst.BaseExpression = stmt.body
    elif receiver_path(stmt) is not None:
        run = lowered_from(expr, cst.Call(func=stmt))
    else:
        return None
    return lowered_from(expr, cst.List([cst.Element(run) for _ in range(min(times, 2))]))
