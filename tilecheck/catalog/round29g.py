"""Examples of round 29G of issue 17 (code that runs later than it is written, and a called
function's effects on the module's globals): a generator expression kept in a name and drawn
after a wait (its reads come after it, ``tilecheck.host.lazy_code``) or inside a capture (what
it makes is made there: TC111); a module generator resumed by ``next`` (its pieces run where
``next`` runs them, ``tilecheck.host.resumed``: a plan made before a ``yield`` is alive while
it is suspended, TC104; the one plan ``while True: yield plan`` hands out is consumed by the
first launch, TC109; a tensor yielded before the generator's own wait is in flight, TC102);
a function's ``copy_from`` into a module tensor (TC111 inside a caller's capture, TC103 while
an op reads it) and its launch consuming a module partition on every call (TC109 at the
second call). The VALID ones run clean and must stay silent; the INVALID ones are real errors
(the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_READS = """
import numpy as np

x = tr.ones((16,))
outs = [tr.zeros((16,)) for _ in range(2)]
step = tr.zip(*[copy(o.partition((8,)), x) for o in outs]).submit()
reads = (float(o.to_numpy()[0]) for o in outs){mark}
{calls}
"""

_SCRATCH = """
x = tr.ones((16,))
{made}
with tr.graph() as g:
    for layer, buf in enumerate({drawn}):{mark}
        g.record(copy(buf.partition((8,)), x))
g.launch().wait()
g.close()
"""

_WRITER = """
from collections.abc import Iterator


def writer(dst: Tensor[f32], gain: float) -> Iterator[int]:
    plan = dst.partition((8,))
    yield 1
    scale(plan, gain).sync()
    yield 2


mask = tr.zeros((16,))
job = writer(mask, 2.0)
{calls}
"""

_STAGE = """
from collections.abc import Iterator


def stage(src: Tensor[f32]) -> Iterator[Tensor[f32]]:
    out = tr.zeros((16,))
    pend = copy(out.partition((8,)), src).submit()
    yield out
    pend.wait()
    yield out


src = tr.ones((16,))
st = stage(src)
{calls}
"""

_PLANNER = """
from collections.abc import Iterator


def planner(t: Tensor[f32]) -> Iterator[tr.Partition]:
    {body}


acc = tr.zeros((16,))
plans = planner(acc)
for i in range(3):
    scale(next(plans), 2.0).sync(){mark}
"""

_LOADER = """
import numpy as np

prompt = tr.zeros((16,))
out = tr.zeros((16,))


def load(v: float) -> None:
    prompt.copy_from(np.full(16, v, np.float32)){mark}


{calls}
"""

_CONSUMER = """
acc = tr.zeros((16,))
plan = acc.partition((8,))


def bump(a: float, go: bool) -> None:
    {body}


{calls}
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _READS.format(mark="", calls="step.wait()\nprint(sum(reads))"),
            "a generator expression of reads made before the wait, drawn after it",
        ),
        valid(
            _READS.format(
                mark="",
                calls="step.wait()\nvals = []\nfor v in reads:\n    vals.append(v)\nprint(vals)",
            ),
            "the same drawn by a for after the wait",
        ),
        valid(
            _STAGE.format(calls="next(st)\nlast = next(st)\nprint(last.to_numpy()[0])"),
            "a stage generator's tensor read after the resumption that waits it",
        ),
    ),
    "TC103": (
        valid(
            _LOADER.format(
                mark="",
                calls="pend = copy(out.partition((8,)), prompt).submit()\npend.wait()\nload(2.0)",
            ),
            "a function's copy into a module tensor after the op reading it was waited",
        ),
    ),
    "TC104": (
        valid(
            _WRITER.format(calls="next(job)\nnext(job)\nprint(mask.to_numpy()[0])"),
            "the writer resumed past its launch before the host reads",
        ),
    ),
    "TC109": (
        valid(
            _PLANNER.format(body="while True:\n        yield t.partition((8,))", mark=""),
            "a planner that makes a new partition at each resumption",
        ),
        valid(
            _CONSUMER.format(
                body="scale(plan, a).sync()", calls="bump(2.0, True)\nprint(acc.to_numpy()[0])"
            ),
            "a function consuming the module's partition, called once",
        ),
        valid(
            _CONSUMER.format(
                body="if go:\n        scale(plan, a).sync()",
                calls="bump(2.0, False)\nbump(3.0, True)",
            ),
            "the module's partition consumed only when asked, asked once",
        ),
    ),
    "TC111": (
        valid(
            _SCRATCH.format(
                made="temps = (tr.zeros((16,)) for _ in range(2))\nmade = list(temps)",
                drawn="made",
                mark="",
            ),
            "a generator expression of tensors drawn before the capture",
        ),
        valid(
            _LOADER.format(
                mark="",
                calls="load(1.0)\nwith tr.graph() as g:\n    g.record(copy(out.partition((8,)), "
                "prompt))\ng.launch().wait()\ng.close()",
            ),
            "a function's copy into a module tensor, called before the capture",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _READS.format(mark="  # TC102", calls="print(sum(reads))\nstep.wait()"),
            "a generator expression of reads drawn before the wait",
        ),
        invalid(
            _STAGE.format(
                calls="first = next(st)\nprint(first.to_numpy()[0])  # TC102\nnext(st)",
            ),
            "a stage generator yields its output while the op writing it is in flight",
        ),
    ),
    "TC103": (
        invalid(
            _LOADER.format(
                mark="  # TC103",
                calls="pend = copy(out.partition((8,)), prompt).submit()\nload(2.0)\npend.wait()",
            ),
            "a function's copy into a module tensor an op still reads",
        ),
    ),
    "TC104": (
        invalid(
            _WRITER.format(calls="next(job)\nprint(mask.to_numpy()[0])  # TC104\nnext(job)"),
            "a writer suspended after its plan: the host reads the tensor in between",
        ),
    ),
    "TC109": (
        invalid(
            _PLANNER.format(
                body="plan = t.partition((8,))\n    while True:\n        yield plan",
                mark="  # TC109",
            ),
            "a planner hands out one partition at every resumption",
        ),
        invalid(
            _CONSUMER.format(
                body="scale(plan, a).sync()  # TC109",
                calls="for i in range(2):\n    bump(1.0, True)",
            ),
            "a function consuming the module's partition, called in a loop",
        ),
    ),
    "TC111": (
        invalid(
            _SCRATCH.format(
                made="temps = (tr.zeros((16,)) for _ in range(2))  # TC111",
                drawn="temps",
                mark="",
            ),
            "a generator expression of tensors first drawn inside the capture",
        ),
        invalid(
            _SCRATCH.format(made="", drawn="(tr.zeros((16,)) for _ in range(2))", mark="  # TC111"),
            "a generator expression written in the capture's loop head",
        ),
        invalid(
            _LOADER.format(
                mark="  # TC111",
                calls="with tr.graph() as g:\n    load(1.0)\n    g.record(copy(out.partition("
                "(8,)), prompt))\ng.launch().wait()\ng.close()",
            ),
            "a function's copy into a module tensor, called inside a capture",
        ),
    ),
}
