"""What a ``.then`` callback's launch borrows, held by its chain from the chain's run (round 38M
of issue 17).

A chain runs its callbacks when it runs: at ``sync()``, or at ``submit()`` (on a GPU, and on the
CPU since the runtime's host half, ``tilert/_core/host_half.py``). The op a callback returns
then borrows what it touches until the chain completes, so
``k(y.partition(t), x).then(lambda *_: k2(z.partition(t), y)).submit()`` followed by a host
read of ``z`` before the wait is a use of an in-flight tensor (TC102), as the runtime says at
the read. The callback's launch is read where the chain is built (a lambda, or a ``def`` whose
only ``return`` is the launch): an argument that is a free name of the callback holding tensors
alone (``z.partition(...)`` for a kernel's Mutable parameter, ``z`` for a library function's,
``y`` for a Shared one) is a borrow the chain takes with its own. A callback's parameter (the
chain's outputs, handed on) or a name the callback rebinds is left out, and nothing is
evaluated: no op or partition is made, no conflict is judged at the ``.then``."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.launch import bind
from tilecheck.host.model import Borrow, Kind, flatten
from tilecheck.host.ownership import Ownership
from tilecheck.host.parameter_index import rebound
from tilecheck.kernel_signature import ParamKind


def callback_borrows(
    an: Ownership,
    callback: cst.Lambda | cst.FunctionDef,
    body: cst.BaseExpression | None,
    params: cst.Parameters,
) -> tuple[frozenset[Borrow], frozenset[str]]:
    """The borrows of the launch ``callback`` returns (``body``), with the names holding
    them; none where ``body`` is not a launch of a kernel the checker knows."""
    if type(body) is not cst.Call:
        return frozenset(), frozenset()
    kernel = an.ctx.callee(body.func).kernel
    if kernel is None:
        return frozenset(), frozenset()
    binding = bind(kernel, body, None)
    if binding.problems:
        return frozenset(), frozenset()
    inner = {p.name.value for p in (*params.posonly_params, *params.params, *params.kwonly_params)}
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            inner.add(star.name.value)
    if type(callback) is cst.FunctionDef:
        inner |= rebound(callback)
    borrows: set[Borrow] = set()
    names: set[str] = set()
    for param, arg in binding.args:
        if param.kind is ParamKind.MUTABLE:
            name = _written(arg.value, kernel.library)
            exclusive = True
        elif param.kind is ParamKind.SHARED:
            name = arg.value.value if type(arg.value) is cst.Name else None
            exclusive = False
        else:
            continue
        if name is None or name in inner:
            continue
        held = flatten(an.env.get(name, frozenset()))
        if not held or any(an.infos[o].kind is not Kind.TENSOR for o in held):
            continue  # (not certainly tensors alone: nothing is claimed)
        borrows.update(Borrow(t, exclusive) for t in held)
        names.add(name)
    return frozenset(borrows), frozenset(names)


def _written(value: cst.BaseExpression, library: bool) -> str | None:
    """The name whose tensor a Mutable argument writes: ``z`` of ``z.partition(...)`` for a
    kernel, ``z`` itself for a library function (its Mutable parameters take tensors)."""
    if library:
        return value.value if type(value) is cst.Name else None
    if (
        type(value) is cst.Call
        and type(value.func) is cst.Attribute
        and value.func.attr.value == "partition"
        and type(value.func.value) is cst.Name
    ):
        return value.func.value.value
    return None
