"""Examples of round 37S of issue 17 (summaries of the module's own functions): a helper that
syncs its op parameter on every call through ``try`` and ``with`` bodies and a loop of at least
one turn left by ``return`` (a retry wrapper: ``tilecheck.host.reached_runs``) runs the op, so a
second call with the same op is TC110 inside it (also through a helper it hands the op to, and
a ``while True`` loop); a loop bound by a parameter counts only where the call gives it (or
leaves it at) a constant that makes a first turn. An unannotated parameter walked
by a loop or comprehension whose items are used as tensors (``o.partition(...)``, given to a
launch) is a list of tensors, as if annotated ``list[Tensor]`` (``tilecheck.host
.iterated_params``): the Pendings a helper returns, one per item, borrow the caller's items. A
function with ``*args`` or ``**kw`` is summarized over its named parameters; what a call gives
the star parameters is not followed (``tilecheck.host.bound_args``): a fresh tensor it returns,
a Pending of a launch it makes, are followed at the caller. The VALID ones run clean and must
stay silent; the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from dataclasses import replace

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as _plain_invalid
from tilecheck.catalog.fresh_silences import _valid as valid


def invalid(body: str, note: str) -> Case:
    """A case the mypy plugin does not read as the checker does (it types each launch alone:
    a helper's summary is not followed)."""
    return replace(_plain_invalid(body, note), typed=False)


_RETRY = """

def run_with_retry(op, attempts=2):
    for attempt in range(attempts):
        try:
            return op.sync()  # TC110
        except tr.KernelError:
            if attempt == attempts - 1:
                raise
    return None

"""

_LAUNCH_ALL = """

def launch_all(outs, src):
    return [copy(o.partition((32,)), src).submit() for o in outs]

"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            """

def run_once(op):
    return op.sync()


def run_logged(op, label):
    print("running", label)
    if label == "skip":
        return None
    return run_once(op)


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run_logged(op, "skip")
    run_logged(op, "b")
    print(out.to_numpy())
""",
            "a helper handing its op on only past an `if` that may leave first",
        ),
        valid(
            """

def run(op, attempts=3):
    for attempt in range(1, attempts + 1):
        try:
            op.sync()
            break
        except tr.KernelError:
            print("attempt", attempt, "failed")


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run(op, 0)
    run(op)
    print(out.to_numpy())
""",
            "a retry loop over `range(1, attempts + 1)` given no attempt first",
        ),
        valid(
            _RETRY.replace("  # TC110", "")
            + """
def main() -> None:
    out = tr.zeros((32,))
    run_with_retry(scale(out.partition((32,)), 2.0))
    run_with_retry(scale(out.partition((32,)), 3.0))
    print(out.to_numpy())
""",
            "a retry wrapper given a new op on each call",
        ),
        valid(
            _RETRY.replace("  # TC110", "")
            + """
def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run_with_retry(op, 0)
    run_with_retry(op)
    print(out.to_numpy())
""",
            "a retry wrapper given no attempt first: the op runs once",
        ),
        valid(
            """

def run(op, skip):
    if skip:
        return None
    for _ in range(3):
        return op.sync()
    return None


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run(op, True)
    run(op, False)
    print(out.to_numpy())
""",
            "a run behind an `if` that may leave first: not on every call",
        ),
    ),
    "TC102": (
        valid(
            _LAUNCH_ALL
            + """
def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)), tr.zeros((32,))]
    pends = launch_all(outs, src)
    for p in pends:
        p.wait()
    print([o.to_numpy() for o in outs])
""",
            "a helper's Pendings, one per item of the list given, waited before the reads",
        ),
        valid(
            """

def parse(lines):
    out = {}
    for line in lines:
        head, _, tail = line.partition(":")
        out[head] = tail
    return out


def launch(out, *args):
    return copy(out.partition((32,)), *args).submit()


def main() -> None:
    cfg = parse(["a:1", "b:2"])
    dst = tr.zeros((32,))
    pending = launch(dst, tr.ones((32,)))
    pending.wait()
    print(dst.to_numpy(), cfg)
""",
            "a string's `partition` is no tensor's; a variadic helper's Pending waited first",
        ),
        valid(
            """

def fill(src, *parts):
    for p in parts:
        copy(p, src).sync()


def main() -> None:
    src = tr.ones((32,))
    a = tr.zeros((32,))
    b = tr.zeros((32,))
    fill(src, a.partition((32,)), b.partition((32,)))
    print(a.to_numpy(), b.to_numpy())
""",
            "a `*parts` parameter's items given to a Mutable parameter: partitions, no tensors",
        ),
        valid(
            """

def launch(buffers, src):
    return {name: copy(buf.partition((32,)), src).submit() for name, buf in buffers.items()}


def main() -> None:
    src = tr.ones((32,))
    buffers = {"a": tr.zeros((32,)), "b": tr.zeros((32,))}
    pends = launch(buffers, src)
    for p in pends.values():
        p.wait()
    print(buffers["a"].to_numpy())
""",
            "a helper's dict of Pendings over a dict's items, all waited before the read",
        ),
    ),
    "TC103": (
        valid(
            """
import numpy as np


def fresh(*shape):
    return tr.from_numpy(np.ones(shape, dtype=np.float32))


def main() -> None:
    src = fresh(32)
    out = tr.zeros((32,))
    pending = copy(out.partition((32,)), src).submit()
    pending.wait()
    src.copy_from(np.zeros(32, dtype=np.float32))
    print(out.to_numpy())
""",
            "a variadic factory's tensor written after the launch reading it is waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            """

def run_once(op):
    return op.sync()  # TC110


def run_logged(op, label):
    print("running", label)
    return run_once(op)


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run_logged(op, "a")
    run_logged(op, "b")
""",
            "a helper handing its op to a helper that syncs it, called twice with one op",
        ),
        invalid(
            """

def run(op, attempts=3):
    for attempt in range(1, attempts + 1):
        try:
            op.sync()  # TC110
            break
        except tr.KernelError:
            print("attempt", attempt, "failed")
    while True:
        return None


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run(op)
    run(op)
""",
            "a retry loop over `range(1, attempts + 1)`, called twice with one op",
        ),
        invalid(
            """

def run(op):
    while True:
        try:
            return op.sync()  # TC110
        except tr.KernelError:
            print("retrying")


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run(op)
    run(op)
""",
            "a `while True` retry loop left by `return`, called twice with one op",
        ),
        invalid(
            _RETRY
            + """
def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    run_with_retry(op)
    run_with_retry(op)
""",
            "a retry wrapper (a `range` loop of a defaulted count, `try`, `return op.sync()`) "
            "called twice with one op",
        ),
        invalid(
            """
import contextlib


def timed(op, label="op"):
    with contextlib.nullcontext(label):
        op.sync()  # TC110


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    timed(op)
    timed(op, "again")
""",
            "a helper that syncs its op inside a `with` body, called twice with one op",
        ),
        invalid(
            """

class Runner:
    def run(self, op):
        for i in range(3):
            try:
                op.sync()  # TC110
                return i
            except tr.KernelError:
                continue
        raise RuntimeError("gave up")


def main() -> None:
    out = tr.zeros((32,))
    op = scale(out.partition((32,)), 2.0)
    r = Runner()
    r.run(op)
    r.run(op)
""",
            "a method's retry loop of a literal count, called twice with one op",
        ),
    ),
    "TC102": (
        invalid(
            _LAUNCH_ALL
            + """
def main() -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)), tr.zeros((32,))]
    pends = launch_all(outs, src)
    print(outs[0].to_numpy())  # TC102
    for p in pends:
        p.wait()
""",
            "a helper's comprehension of Pendings over the list given; an item read first",
        ),
        invalid(
            """

def run(srcs, outs):
    pendings = []
    for src, out in zip(srcs, outs, strict=True):
        pendings.append(copy(out.partition((32,)), src).submit())
    return pendings


def main() -> None:
    srcs = [tr.ones((32,)) for _ in range(2)]
    outs = [tr.zeros((32,)) for _ in range(2)]
    pendings = run(srcs, outs)
    print(outs[1].to_numpy())  # TC102
    for p in pendings:
        p.wait()
""",
            "a helper's loop of appends over a zip of the lists given; an item read first",
        ),
        invalid(
            """

def launch(out, *args):
    return copy(out.partition((32,)), *args).submit()


def main() -> None:
    dst = tr.zeros((32,))
    pending = launch(dst, tr.ones((32,)))
    print(dst.to_numpy())  # TC102
    pending.wait()
""",
            "a helper passing its `*args` on to a launch; its output read before the wait",
        ),
        invalid(
            """

def zero_all(src, *outs):
    return [copy(o.partition((32,)), src).submit() for o in outs]


def main() -> None:
    src = tr.ones((32,))
    a = tr.ones((32,))
    b = tr.ones((32,))
    pends = zero_all(src, a, b)
    print(b.to_numpy())  # TC102
    for p in pends:
        p.wait()
""",
            "a helper walking its `*outs` (the call's extra arguments); one read before the waits",
        ),
        invalid(
            """

def launch(buffers, src):
    return {name: copy(buf.partition((32,)), src).submit() for name, buf in buffers.items()}


def main() -> None:
    src = tr.ones((32,))
    buffers = {"a": tr.zeros((32,)), "b": tr.zeros((32,))}
    pends = launch(buffers, src)
    print(buffers["a"].to_numpy())  # TC102
    for p in pends.values():
        p.wait()
""",
            "a helper's dict comprehension of Pendings over a dict's `items()`; an item read first",
        ),
    ),
    "TC103": (
        invalid(
            """
import numpy as np


def fresh(*shape):
    return tr.from_numpy(np.ones(shape, dtype=np.float32))


def main() -> None:
    src = fresh(32)
    out = tr.zeros((32,))
    pending = copy(out.partition((32,)), src).submit()
    src.copy_from(np.zeros(32, dtype=np.float32))  # TC103
    pending.wait()
""",
            "a variadic factory's tensor written while a launch reads it",
        ),
        invalid(
            """

def step(grads, outs, **options):
    return [copy(o.partition((32,)), g).submit() for g, o in zip(grads, outs, strict=True)]


def main() -> None:
    grads = [tr.ones((32,)) for _ in range(2)]
    outs = [tr.zeros((32,)) for _ in range(2)]
    pends = step(grads, outs, lr=0.1)
    grads[0].copy_from(grads[1].to_numpy())  # TC103
    for p in pends:
        p.wait()
""",
            "a helper with `**options` submitting one launch per pair of items; an input "
            "written before the waits",
        ),
    ),
}
