"""Examples of round 22K of issue 17 (Pendings and ops dropped on some paths only): a test whose
one way skips the wait (the run) and then leaves the object to be dropped, in a loop that waits
on odd steps only, a ``raise`` whose handler returns, an ``if`` on a parameter, or a consumer
of a module generator that skips (``continue``) or stops (``break``) before the wait (TC108 or
TC105 at the submit or launch, where the runtime warns as it is collected). The VALID ones run
clean and must stay silent: waited on every way (a ``finally``, a handler that waits, the other
branch keeping it), the last one waited after the loop, double buffering."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STEPS = """

def main(n: int) -> None:
    src = tr.ones((32,))
    outs = [tr.zeros((32,)) for _ in range(n)]
    {before}
    for i in range(n):
        pend = copy(outs[i].partition((8,)), src).submit(){mark}
        {body}
    {after}


main(3)
"""

_GENERATOR = """
from collections.abc import Iterator


def refreshes(pages: list[tr.Tensor]) -> Iterator[{kind}]:
    for page in pages:
        yield scale(page.partition((8,)), 0.5){submit}{mark}


def main() -> None:
    pages = [tr.ones((32,)) for _ in range(4)]
    for i, job in enumerate(refreshes(pages)):
        {body}
    print(pages[0].to_numpy()[0])


main()
"""

_RAISED = """

def handle(request: list[int], buf: tr.Tensor, src: tr.Tensor) -> str:
    try:
        job = copy(buf.partition((8,)), src).submit(){mark}
        ids = [i for i in request if i > 0]
        if not ids:
            raise ValueError("no ids")
        job.wait()
    except ValueError:
        {handler}
        return "rejected"
    return "ok"


print(handle([1], tr.zeros((32,)), tr.ones((32,))))
print(handle([], tr.zeros((32,)), tr.ones((32,))))
"""

_GATED = """

def train(w: tr.Tensor, outs: list[tr.Tensor]) -> None:
    for step in range(4):
        save = copy(outs[step].partition((8,)), w){mark}
        if step % 2 == 0:
            save.sync()
        {rest}


train(tr.ones((32,)), [tr.zeros((32,)) for _ in range(4)])
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


_NONE = "pass"

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            _case(
                _STEPS,
                before="prev = None",
                body="if prev is not None:\n            prev.wait()\n        prev = pend",
                after="if prev is not None:\n        prev.wait()",
            ),
            "double buffering: each Pending waited at the next step, the last after the loop",
        ),
        valid(
            _case(
                _STEPS,
                before=_NONE,
                body="if i < n - 1:\n            pend.wait()",
                after="pend.wait()",
            ),
            "every step's Pending waited in the loop but the last, waited after it",
        ),
        valid(
            _case(_RAISED, handler="job.wait()"),
            "the handler the raise goes to waits on the Pending before it returns",
        ),
        valid(
            _case(
                _GENERATOR,
                kind="tr.Pending",
                submit=".submit()",
                body='if i == 0:\n            print("first")\n        job.wait()',
            ),
            "a generator's Pendings, each waited by the consumer, the first one also logged",
        ),
    ),
    "TC105": (
        valid(
            _case(_GATED, rest="else:\n            save.submit().wait()"),
            "the op runs on both ways of the test of the step",
        ),
        valid(
            _case(
                _GENERATOR,
                kind="tr.Op",
                submit="",
                body="job.sync()\n        if i == 1:\n            break",
            ),
            "a generator's ops, each run by the consumer before it stops",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            _case(
                _STEPS,
                "  # TC108",
                before=_NONE,
                body="if i % 2:\n            pend.wait()",
                after=_NONE,
            ),
            "a loop that waits only on odd steps: the even steps' Pendings are dropped unwaited",
            typed=False,  # a wait under a test: beyond the mypy plugin's types
        ),
        invalid(
            _case(_RAISED, "  # TC108", handler='print("bad")'),
            "a raise before the wait, into a handler that returns: the Pending is dropped",
            typed=False,
        ),
        invalid(
            _case(
                _GENERATOR,
                "  # TC108",
                kind="tr.Pending",
                submit=".submit()",
                body="if i == 0:\n            continue\n        job.wait()",
            ),
            "a consumer of a generator's Pendings that skips the first one",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            _case(_GATED, "  # TC105", rest=_NONE),
            "an op made at every step and run only on the even ones",
            typed=False,
        ),
        invalid(
            _case(
                _GENERATOR,
                "  # TC105",
                kind="tr.Op",
                submit="",
                body="if i == 2:\n            break\n        job.sync()",
            ),
            "a consumer of a generator's ops that stops before running the step's op",
            typed=False,
        ),
    ),
}
