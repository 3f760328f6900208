"""Examples of round 32K of issue 17 (a function of the program handed to other code, run
where and with what that code calls it): ``json.dumps(obj, default=f)`` calls ``f`` on each
tensor ``obj`` holds, in the order it walks it (``tilecheck.host.hook_runs``); a parameter that
every call of its function gives one literal -- its own calls, and the library calls it is
handed to (``run_ranks(n, fn)`` calls ``fn(comm)``, ``map(f, xs)`` ``f(item)``): its default
where none gives it -- decides the tests that read it (``tilecheck.host.called_values``). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises, or warns of the op dropped unrun, at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_ENCODED = """
import json


def encode(obj: object) -> object:
    if isinstance(obj, tr.Tensor):
        return obj.to_numpy().tolist()
    raise TypeError(type(obj).__name__)


class Marker:
    pass


x = tr.ones((16,))
probs = tr.zeros((16,))
pending = copy(probs.partition((8,)), x).submit()
{order}
"""
_DUMPED = 'trace = json.dumps({{"step": 3, "probs": {first}}}, default=encode){mark}'
_LAMBDA = """
import io
import json


def main() -> None:
    x = tr.ones((16,))
    acc = tr.zeros((16,))
    job = copy(acc.partition((8,)), x).submit()
    sink = io.StringIO()
    {order}
    print(sink.getvalue()[:20])
"""
_DUMP = "json.dump([1, 'acc', acc], sink, default=lambda o: o.to_numpy().tolist()){mark}"

_FLUSHED = """


def publish(x: Tensor[f32], out: Tensor[f32], flush: bool = {default}) -> None:
    op = copy(out.partition((8,)), x){mark}
    if flush:
        op.sync()
    del op


x = tr.ones((16,))
a, b = tr.zeros((16,)), tr.zeros((16,))
publish(x, a)
publish(x, b)
"""
_MAPPED = """


def fill(out: Tensor[f32], eager: bool | None = {default}) -> Tensor[f32]:
    op = scale(out.partition((8,)), 2.0){mark}
    if eager:
        op.sync()
    return out


outs = [tr.zeros((16,)), tr.zeros((16,))]
done = list(map(fill, outs))
print(len(done))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _ENCODED.format(order="pending.wait()\n" + _DUMPED.format(first="probs", mark="")),
            "the step is waited before `default=` reads the tensor",
        ),
        valid(
            _ENCODED.format(
                order="try:\n    "
                + _DUMPED.format(first="[Marker(), probs]", mark="")
                + "\nexcept TypeError:\n    trace = ''\npending.wait()"
            ),
            "an object the hook refuses comes first: the tensor after it is never read",
        ),
        valid(
            _LAMBDA.format(order="job.wait()\n    " + _DUMP.format(mark="")),
            "`json.dump` with a lambda hook after the wait",
        ),
    ),
    "TC105": (
        valid(_FLUSHED.format(default="True", mark=""), "every call flushes: the op runs"),
        valid(_MAPPED.format(default="True", mark=""), "`map` calls `fill(out)`: eager"),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _ENCODED.replace("tolist()\n", "tolist()  # TC102\n", 1).format(
                order=_DUMPED.format(first="probs", mark="") + "\npending.wait()"
            ),
            "`json.dumps` calls `default=` on the tensor it cannot encode: in flight (shown at"
            " the read under isinstance(obj, tr.Tensor), round 33B2)",
            typed=False,
        ),
        invalid(
            _LAMBDA.format(order=_DUMP.format(mark="  # TC102") + "\n    job.wait()"),
            "`json.dump`'s lambda hook reads the list's tensor in flight",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            _FLUSHED.format(default="False", mark="  # TC105"),
            "no call gives `flush`: its default skips the run, and `del` drops the op",
            typed=False,
        ),
        invalid(
            _MAPPED.format(default="None", mark="  # TC105"),
            "`map` calls `fill(out)` alone: `eager` is its default, the op is dropped",
            typed=False,
        ),
    ),
}
