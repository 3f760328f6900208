"""A call's arguments bound to the parameters of a summarized function (``CallSites``), with
those a ``*args`` or ``**kw`` parameter takes (round 37S): ``def rand(*shape): return
tr.from_numpy(np.ones(shape))`` or ``def launch(out, *args): return k(out.partition(s),
*args).submit()`` is summarized over its named parameters (``Summary.variadic``); what a call
gives beyond them goes to the star parameters, which the summary does not follow: those values
are given as to unknown code (released), the rest is applied as for any summary. A function
without star parameters given more positional arguments than it names is unknown code, as
before (the call raises). The ``*args`` parameter is bound (``Summary.star``) to a tuple of
the extra positional arguments, for a body that walks them as tensors
(``tilecheck.host.iterated_params``)."""

from __future__ import annotations

from collections.abc import Sequence

import libcst as cst

from tilecheck.host.model import Packed, Value
from tilecheck.host.summary import Summary

Bound = dict[int, tuple[cst.Arg, Value]]


def bind_arguments(
    call: cst.Call,
    summary: Summary,
    args: Sequence[cst.Arg],
    values: Sequence[Value],
    first: int,
) -> tuple[Bound, list[Value]] | None:
    """The arguments by parameter index, and the values the star parameters take; None: the
    call gives more positional arguments than a function without ``*args`` names."""
    bound: Bound = {}
    spread: list[Value] = []
    extra: list[tuple[cst.Arg, Value]] = []
    named = summary.names[: summary.star] if summary.star is not None else summary.names
    for position, (arg, value) in enumerate(zip(args, values, strict=True), first):
        keyword = arg.keyword.value if arg.keyword is not None else None
        if keyword is None and position < summary.positional:
            bound[position] = (arg, value)
        elif keyword is not None and keyword in named:
            bound[summary.names.index(keyword)] = (arg, value)
        elif keyword is None and summary.star is not None:
            extra.append((arg, value))
        elif summary.variadic:
            spread.append(value)  # (``**kw``: not followed)
        elif keyword is None:
            return None
    if extra and summary.star is not None:  # ``*args``: a tuple of the extra positionals
        given = extra[0][0] if len(extra) == 1 else cst.Arg(call)  # (shown at the call)
        bound[summary.star] = (given, Packed(tuple(v for _, v in extra)))
    return bound, spread
