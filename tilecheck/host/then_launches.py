"""A ``.then`` callback that launches on the chain's outputs, judged as the launch written out
(round 31K of issue 17).

``op.then(fn)`` calls ``fn(*outputs)`` when the chain runs: the op's arguments, in order, its
partitions among them. A callback that returns a kernel call on its parameters
(``lambda hp, *_: K.accum(hp, hp.tensor)``, or a ``def`` whose only ``return`` is such a call)
launches on those objects: a parameter taking a partition is that partition, and its
``.tensor`` the tensor the partition writes. The one rule such a launch breaks whatever the
chain's state is TC101 (a tensor written through a partition passed again in the same
launch), so it is checked here, at the ``.then``, on the arguments the parameters give; an
argument that is not a parameter or a parameter's ``.tensor`` is left out (nothing is
evaluated, no op is made: the chain's own run stays 26E's)."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.launch import bind
from tilecheck.host.model import Oids
from tilecheck.host.ownership import Ownership
from tilecheck.host.parameter_index import rebound
from tilecheck.kernel_signature import ParamKind


def then_launch(
    an: Ownership,
    callback: cst.Lambda | cst.FunctionDef,
    ops: list[int],
    body: cst.BaseExpression | None,
    params: cst.Parameters,
) -> None:
    """TC101 for the launch ``callback`` (its returned ``body``, its ``params``) makes on
    the outputs of the one op in ``ops``."""
    if type(body) is not cst.Call or len(ops) != 1 or not any(_tensor_of(a) for a in body.args):
        return  # (read first: a launch given no ``p.tensor`` breaks nothing here)
    kernel = an.ctx.callee(body.func).kernel
    launch = an.infos[ops[0]].site
    outputs = an.outputs.get(launch) if isinstance(launch, cst.Call) else None
    if kernel is None or kernel.library or outputs is None:
        return
    written = rebound(callback) if type(callback) is cst.FunctionDef else frozenset()
    given: dict[str, Oids] = {}  # a parameter taking a partition -> the tensors it writes
    for taking, (borrows, _) in zip(
        [*params.posonly_params, *params.params], outputs, strict=False
    ):
        if borrows and taking.name.value not in written:
            given[taking.name.value] = frozenset(b.tensor for b in borrows if b.exclusive)
    if not given:
        return
    binding = bind(kernel, body, None)
    if binding.problems:
        return
    writes: list[tuple[str, cst.Arg, Oids]] = []
    reads: list[tuple[str, cst.Arg, Oids]] = []
    for param, arg in binding.args:
        value = arg.value
        if type(value) is cst.Name and value.value in given:
            if param.kind is ParamKind.MUTABLE:
                writes.append((param.name, arg, given[value.value]))
        elif (
            type(value) is cst.Attribute
            and type(value.value) is cst.Name
            and value.value.value in given
            and value.attr.value == "tensor"
            and param.kind is ParamKind.SHARED
        ):
            reads.append((param.name, arg, given[value.value.value]))
    if writes and reads:
        an.aliasing_ok(kernel, writes, reads)


def _tensor_of(arg: cst.Arg) -> bool:
    value = arg.value
    return type(value) is cst.Attribute and value.attr.value == "tensor"
