"""Examples of round 30O of issue 17 (a callee's effects on the caller's objects): a call to a
function of the module releases only what the callee reaches (a Pending it never names stays in
flight at the caller; one it waits after reading another argument is in flight during that
read: ``tilecheck.host.param_roles``); an op a helper returns after running it has run
(``Result.ran``); an op ``__init__`` keeps that only the class's own ``self.op.sync()`` runs is
the caller's, dropped unrun with the instance (``tilecheck.host.field_deaths``). The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises at the
marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_NOTE = """


def note(tag: str, pending: tr.Pending) -> None:
    print(tag, pending)


def main() -> None:
    out = tr.ones((64,))
    p = scale(out.partition((16,)), 2.0).submit()
    note("sent", p)
    {order}
"""

_FINISH = """


class Worker:
    def finish(self, out: Tensor[f32], p: tr.Pending) -> float:
        {body}


def main() -> None:
    w = Worker()
    for k in (1.0, 2.0):
        out = tr.ones((64,))
        p = scale(out.partition((16,)), k).submit()
        print(w.finish(out, p))
"""

_TRACED = """


def traced(out: Tensor[f32]) -> tuple[tr.Op, tr.Pending]:
    op = scale(out.partition((16,)), 2.0)
    return op, op.submit()


def main() -> None:
    out = tr.ones((64,))
    op, pending = traced(out)
    pending.wait()
    {after}
"""

_PROBE = """

TRACE = False


class Probe:
    def __init__(self, x: Tensor[f32]) -> None:
        self.out = tr.zeros(x.shape, dtype=f32)
        self.op = copy(self.out.partition((16,)), x){mark}

    def fire(self) -> float:
        self.op.sync()
        return float(self.out.to_numpy().sum())


def forward(x: Tensor[f32]) -> None:
    probe = Probe(x)
    {use}


forward(tr.ones((64,)))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _NOTE.format(order="p.wait()\n    print(out.to_numpy().sum())"),
            "a Pending given to a helper that only prints it, waited by the caller before the read",
        ),
        valid(
            _FINISH.format(body="p.wait()\n        return float(out.to_numpy().sum())"),
            "a method waits the Pending it is given before it reads the output",
        ),
    ),
    "TC105": (
        valid(
            _PROBE.format(mark="", use="print(probe.fire())"),
            "the instance's method runs the op `__init__` kept",
        ),
        valid(
            _PROBE.format(mark="", use="go = lambda: probe.fire()\n    go()"),
            "a closure naming the instance runs it",
        ),
        valid(
            _PROBE.format(mark="", use="keep = [probe]\n    keep[0].fire()"),
            "the instance kept in a list, fired from there",
        ),
    ),
    "TC110": (
        valid(
            _TRACED.format(after="print(out.to_numpy().sum())"),
            "the helper's op is submitted once, its Pending waited",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _NOTE.format(order="print(out.to_numpy().sum())  # TC102\n    p.wait()"),
            "a helper that never names the Pending does not wait it: the read is in flight",
        ),
        invalid(
            _FINISH.format(
                body="s = float(out.to_numpy().sum())  # TC102\n        p.wait()\n        return s"
            ),
            "a method reads the output before it waits the Pending it is given",
        ),
    ),
    "TC105": (
        invalid(
            _PROBE.format(mark="  # TC105", use="if TRACE:\n        print(probe.fire())"),
            "the instance dies unfired (the flag is false): `__init__`'s op never runs",
        ),
    ),
    "TC110": (
        invalid(
            _TRACED.format(after="op.sync()  # TC110"),
            "the helper returned an op it already submitted: syncing it again raises",
        ),
    ),
}
