"""``itertools.islice`` walked by a ``for``, read as the slice it takes (issue 17, round 20B).

``for p in islice(pends, len(pends) - 1)`` walks the same items as ``for p in pends[:-1]``,
``islice(pends, n)`` those of ``pends[:n]`` (``n`` an integer literal): the loop is built over
that slice, so what the slice forms already say (``tilecheck.host.slice_ends``: the items a
slice that drops an end leaves unwaited) holds for it. Only for a name (a list, not an
iterator some other code also advances: ``islice(it, 2)`` then ``for x in it`` would walk the
rest) that the rest of the scope never walks otherwise is this equal; ``slice_ends`` checks
the name is only bound, sliced and measured, and stays silent elsewhere."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.indices import short_of


def islice_names(module: cst.Module) -> frozenset[str]:
    """The names ``islice`` is called by in ``module``: ``islice`` where ``from itertools
    import islice`` (no ``as``), ``itertools.islice`` where ``import itertools``."""
    out: set[str] = set()
    for stmt in module.body:
        if type(stmt) is not cst.SimpleStatementLine:
            continue
        for small in stmt.body:
            if type(small) is cst.ImportFrom and type(small.module) is cst.Name:
                if small.module.value != "itertools" or isinstance(small.names, cst.ImportStar):
                    continue
                for alias in small.names:
                    name = alias.name
                    if type(name) is cst.Name and name.value == "islice" and alias.asname is None:
                        out.add("islice")
            elif type(small) is cst.Import:
                for alias in small.names:
                    name = alias.name
                    if type(name) is cst.Name and name.value == "itertools" and not alias.asname:
                        out.add("itertools.islice")
    return frozenset(out)


def as_slice(iterable: cst.BaseExpression, names: frozenset[str]) -> cst.Subscript | None:
    """``xs[:-k]`` for ``islice(xs, len(xs) - k)``, ``xs[:n]`` for ``islice(xs, n)`` (``n`` an
    integer literal); None for any other form."""
    if type(iterable) is not cst.Call or len(iterable.args) != 2:
        return None
    func = iterable.func
    called = (
        func.value
        if type(func) is cst.Name
        else f"{func.value.value}.{func.attr.value}"
        if type(func) is cst.Attribute and type(func.value) is cst.Name
        else None
    )
    if called not in names:
        return None
    walked, stop = iterable.args
    if walked.star or stop.star or walked.keyword is not None or stop.keyword is not None:
        return None
    if type(walked.value) is not cst.Name:
        return None
    name = walked.value.value
    upper: cst.BaseExpression
    if type(stop.value) is cst.Integer:
        upper = stop.value
    elif short_of(stop.value) == name:
        size = stop.value
        assert type(size) is cst.BinaryOperation
        upper = cst.UnaryOperation(cst.Minus(), size.right)
    else:
        return None
    index = cst.SubscriptElement(cst.Slice(lower=None, upper=upper))
    return cst.Subscript(walked.value, [index])
