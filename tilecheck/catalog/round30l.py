"""Examples of round 30L of issue 17 (library semantics as one spec read by one interpreter,
``tilecheck.host.library_spec``): ``methodcaller(name)`` of any method, an instance method of
a tilert type read through its class (``tr.Tensor.to_numpy(t)``, ``partial(tr.Tensor.copy_from,
w)``), ``ExitStack.callback``/``enter_context`` run or left at the stack's exit
(``tilecheck.host.exit_stacks``), ``TaskGroup.create_task`` tasks run by the group and read by
``result()``, ``tee``'s copies giving the same objects, and a ``tilert.kernels`` function
that allocates (derived from the library's source) inside a capture. The VALID ones run clean
and must stay silent; the INVALID ones are real errors (the interpreter raises at the marked
line, or warns there)."""

from __future__ import annotations

from dataclasses import replace

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_METHODCALLER = """
from operator import methodcaller


def host_copies() -> int:
    outs = [tr.zeros((16,)) for _ in range(2)]
    p = scale(outs[1].partition((8,)), 2.0).submit()
    {order}
    return len(got)


print(host_copies())
"""
_CALLED = 'got = tuple(map(methodcaller("to_numpy"), outs))'

_UNBOUND = """


def reload(w: Tensor[f32], x: Tensor[f32]) -> None:
    out = tr.zeros((16,))
    p = copy(out.partition((8,)), w).submit()
    {order}


reload(tr.ones((16,)), tr.zeros((16,)))
"""

_STACK = """
from contextlib import ExitStack


def flush(x: Tensor[f32]) -> None:
    out = tr.zeros((16,))
    with ExitStack() as stack:{mark}
        op = copy(out.partition((8,)), x)
        stack.callback(op.sync)
        {body}
    print(out.to_numpy())


flush(tr.ones((16,)))
"""

_STACK_WAIT = """
from contextlib import ExitStack


def flush(x: Tensor[f32]) -> None:
    out = tr.zeros((16,))
    with ExitStack() as stack:
        p = copy(out.partition((8,)), x).submit()
        stack.callback(p.wait){inside}
    print(out.to_numpy())


flush(tr.ones((16,)))
"""

_STACK_GRAPH = """
from contextlib import ExitStack


def capture(x: Tensor[f32], out: Tensor[f32]) -> tr.Graph:
    {before}
    with ExitStack() as stack:
        g = stack.enter_context(tr.graph())
        {inside}
        g.record(copy(out.partition((8,)), tmp))
    return g


graph = capture(tr.ones((16,)), tr.zeros((16,)))
graph.launch().wait()
graph.close()
"""


def _grouped(case: Case) -> Case:
    """``asyncio.TaskGroup`` runs on Python 3.11 and later (the checker reads it on any)."""
    return replace(case, python=(3, 11))


_GROUP = """
import asyncio


async def fill(dst: Tensor[f32], x: Tensor[f32]) -> tr.Pending:
    return copy(dst.partition((8,)), x).submit(){mark}


async def main() -> None:
    x = tr.ones((16,))
    outs = [tr.zeros((16,)) for _ in range(2)]
    async with asyncio.TaskGroup() as group:
        {started}
    {after}
"""

_TEE = """
from itertools import tee


def twice(x: Tensor[f32]) -> None:
    bufs = [tr.zeros((16,)) for _ in range(2)]
    fwd, again = tee({made})
    for part in fwd:
        copy({first}, x).sync()
    for part in again:
        {second}


twice(tr.ones((16,)))
"""

_WORKSPACE = """
import tilert.kernels as tk


def decode(q: Tensor[f32], kc: Tensor[f32], vc: Tensor[f32], out: Tensor[f32]) -> None:
    {before}
    with tr.graph() as g:
        {inside}
        g.record(tk.decode_attention(out, q, kc, vc, 8, workspace=ws))
    g.launch().wait()
    g.close()


decode(tr.ones((4, 16)), tr.ones((2, 8, 16)), tr.ones((2, 8, 16)), tr.zeros((4, 16)))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _METHODCALLER.format(order=f"p.wait()\n    {_CALLED}"),
            "`map(methodcaller(...), outs)` after the wait",
        ),
        valid(
            _UNBOUND.format(order="p.wait()\n    print(tr.Tensor.to_numpy(out))"),
            "`tr.Tensor.to_numpy(out)` after the wait",
        ),
        valid(
            _STACK_WAIT.format(inside=""),
            "the stack's callback waits the Pending at the exit, before the read",
        ),
        _grouped(
            valid(
                _GROUP.format(
                    mark="",
                    started="job = group.create_task(fill(outs[0], x))",
                    after="job.result().wait()\n    print(outs[0].to_numpy())",
                ),
                "the task's Pending (its `result()`) waited before the read",
            )
        ),
    ),
    "TC103": (
        valid(
            _UNBOUND.format(order="p.wait()\n    tr.Tensor.copy_from(w, x)"),
            "`tr.Tensor.copy_from(w, x)` after the wait",
        ),
    ),
    "TC108": (
        _grouped(
            valid(
                _GROUP.format(
                    mark="",
                    started="job = group.create_task(fill(outs[0], x))",
                    after="job.result().wait()",
                ),
                "the task's Pending waited through its `result()`",
            )
        ),
    ),
    "TC109": (
        valid(
            _TEE.format(
                made="bufs",
                first="part.partition((8,))",
                second="copy(part.partition((8,)), x).sync()",
            ),
            "`tee` of the buffers: each pass partitions them anew",
        ),
    ),
    "TC110": (
        valid(
            _STACK.format(mark="", body="pass"),
            "the stack's callback is the op's only run",
        ),
    ),
    "TC111": (
        valid(
            _STACK_GRAPH.format(before="tmp = tr.ones((16,))", inside="pass"),
            "the input made before the stack enters the capture",
        ),
        valid(
            _WORKSPACE.format(before="ws = tk.decode_workspace(q, kc)", inside="pass"),
            "the workspace made before the capture",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _METHODCALLER.format(order=f"{_CALLED}  # TC102\n    p.wait()"),
            '`methodcaller("to_numpy")` mapped over the buffers reads the one in flight',
            typed=False,
        ),
        invalid(
            _UNBOUND.format(order="print(tr.Tensor.to_numpy(out))  # TC102\n    p.wait()"),
            "`tr.Tensor.to_numpy(out)` is `out.to_numpy()`: a read in flight",
            typed=False,
        ),
        invalid(
            _STACK_WAIT.format(inside="\n        print(out.to_numpy())  # TC102"),
            "the stack's callback waits only at the exit: a read inside the block is in flight",
            typed=False,
        ),
        _grouped(
            invalid(
                _GROUP.format(
                    mark="",
                    started="job = group.create_task(fill(outs[0], x))",
                    after=(
                        "done = job.result()\n"
                        "    print(outs[0].to_numpy())  # TC102\n"
                        "    done.wait()"
                    ),
                ),
                "the group ran the task: its `result()` is the Pending of a write still in flight",
                typed=False,
            )
        ),
    ),
    "TC103": (
        invalid(
            """
import functools


def reload(x: Tensor[f32]) -> None:
    w = tr.ones((16,))
    out = tr.zeros((16,))
    load = functools.partial(tr.Tensor.copy_from, w)
    p = copy(out.partition((8,)), w).submit()
    load(x)  # TC103
    p.wait()


reload(tr.zeros((16,)))
""",
            "`partial(tr.Tensor.copy_from, w)(x)` writes `w` while the copy reads it",
            typed=False,
        ),
    ),
    "TC108": (
        _grouped(
            invalid(
                _GROUP.format(
                    mark="  # TC108",
                    started="for o in outs:\n            group.create_task(fill(o, x))",
                    after="print(len(outs))",
                ),
                "tasks started by a group in a loop: each returns a Pending nobody waits",
                typed=False,
            )
        ),
    ),
    "TC109": (
        invalid(
            _TEE.format(
                made="b.partition((8,)) for b in bufs",
                first="part",
                second="scale(part, 0.5).sync()  # TC109",
            ),
            "`tee` copies give the same partitions: the second pass launches consumed ones",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            _STACK.format(mark="  # TC110", body="op.sync()"),
            "the stack's callback syncs at the exit an op the block already synced",
            typed=False,
        ),
    ),
    "TC111": (
        invalid(
            _STACK_GRAPH.format(before="", inside="tmp = tr.ones((16,))  # TC111"),
            "`stack.enter_context(tr.graph())` captures the rest of the block: an allocation",
            typed=False,
        ),
        invalid(
            _WORKSPACE.format(before="", inside="ws = tk.decode_workspace(q, kc)  # TC111"),
            "`tk.decode_workspace` allocates (its body calls `tr.empty`) inside the capture",
            typed=False,
        ),
    ),
}
