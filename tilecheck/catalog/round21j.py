"""Examples of round 21J of issue 17 (containers emptied by ``clear()``): a log of Pendings
appended and cleared before anything waits on them (TC108 at the submit, where the runtime
warns as the list drops them), and a dict of ops by known key walked by ``.items()`` under a
test of the key, then cleared (TC105 at the op no key runs: the ``clear()`` after every walk
no longer hides the keys). The VALID ones run clean and must stay silent; the INVALID ones
are real errors (the interpreter warns of the unwaited Pending or the unrun op)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_LOG = """

def main() -> None:
    src = tr.ones((32,))
    log: list[tr.Pending] = []
    for _ in range(3):
        out = tr.zeros((32,))
        log.append(copy(out.partition((8,)), src).submit()){mark}
    {drain}
    log.clear()
"""

_OBSERVERS = """

def main() -> None:
    a, b = tr.zeros((32,)), tr.zeros((32,))
    enabled = {enabled}
    ops = {{
        "a": scale(a.partition((8,)), 2.0),
        "b": scale(b.partition((8,)), 0.5),{mark}
    }}
    for name, op in ops.items():
        if name in enabled:
            op.sync()
    ops.clear()
    print(sorted(enabled))
"""


def _case(shape: str, mark: str = "", **parts: str) -> str:
    return shape.format(mark=mark, **parts)


VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            _case(_LOG, drain="for p in log:\n        p.wait()"),
            "a log of Pendings waited by a loop over it, then cleared",
        ),
        valid(
            _case(_LOG, drain="while log:\n        log.pop().wait()"),
            "a log of Pendings popped and waited until empty, then cleared",
        ),
        valid(
            _case(
                _LOG,
                drain="kept = list(log)\n    log.clear()\n    for p in kept:\n        p.wait()",
            ),
            "the Pendings kept in a copy of the log before it is cleared, waited from there",
        ),
    ),
    "TC105": (
        valid(
            _case(_OBSERVERS, enabled='{"a", "b"}'),
            "every key of a dict of ops passes the test of the loop that runs them, then cleared",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            _case(_LOG, "  # TC108", drain="print(len(log))"),
            "a log of submits cleared with none waited: each Pending is dropped unwaited",
            typed=False,  # items of a list: beyond the mypy plugin's types
        ),
    ),
    "TC105": (
        invalid(
            _case(_OBSERVERS, "  # TC105", enabled='{"a"}'),
            "the op of a key the loop's test leaves out is dropped unrun by the clear",
            typed=False,  # items by key: beyond the mypy plugin's types
        ),
    ),
}
