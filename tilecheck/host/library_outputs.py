"""What a ``tilert.kernels`` op hands on as its first output (issue 17, round 39R).

A library function (``tk.softmax(out, x)``) takes its output as a tensor and partitions it
itself, so the op it returns runs a kernel whose first argument is that partition: ``.then``
gives the callback the partition, and ``.sync()`` returns it (checked at run time on every
function of ``tilert.kernels`` whose first parameter is its output: ``Partition`` first,
whatever follows). ``keep_outputs`` records the call's arguments as written, the output as a
tensor; here the first one is what the op really hands on: the borrow of that tensor, no
tensor. So ``tk.gemm(s, q, k).then(lambda s2, *_: tk.softmax(p, s2))`` passes a partition for
``softmax``'s input, TC106 where the runtime raises its ``TypeError``. Only the first output:
the later ones follow the function's own kernel, whose order the function does not show."""

from __future__ import annotations

import libcst as cst

from tilecheck.host.model import Borrow, Value
from tilecheck.host.positions import Positions
from tilecheck.kernel_signature import ParamKind


class LibraryOutputs(Positions):
    __slots__ = ()

    def keep_outputs(self, call: cst.Call, values: dict[int, Value]) -> None:
        Positions.keep_outputs(self, call, values)
        kept = self.outputs.get(call)
        if not kept:
            return
        kernel = self.ctx.callee(call.func).kernel
        params = kernel.signature.params if kernel is not None and kernel.library else ()
        if not params or params[0].kind is not ParamKind.MUTABLE:
            return
        borrows, tensors = kept[0]
        if borrows or len(tensors) != 1:
            return
        written = frozenset(Borrow(t, True) for t in tensors)
        self.outputs[call] = ((written, frozenset()), *kept[1:])
