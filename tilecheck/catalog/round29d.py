"""Examples of round 29D of issue 17 (objects of one site told apart by loop turn,
``tilecheck.host.turn_offsets``): the element a ``for`` walking a container's indices takes
is ``outs[i]`` of this turn's counter, apart from ``outs[i - 1]``; and the Pending a loop
carries to the next turn in a name (``prev``) is the previous turn's, apart from the older
ones, so waiting it releases that turn's write. The VALID ones run clean and must stay
silent; the INVALID ones are real errors (the interpreter raises at the mark)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PIPELINE = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(4)]
    seen = []
    prev = None
    for i, out in enumerate(outs):
        cur = scale(out.partition((8,)), 2.0).submit()
        if prev is not None:
            {body}
        prev = cur
    if prev is not None:
        prev.wait()
    print(seen)
"""

_INDEXED = """

def main() -> None:
    outs = [tr.ones((32,)) for _ in range(3)]
    seen = []
    last = None
    for k in range(len(outs)):
        job = scale(outs[k].partition((8,)), 3.0).submit()
        if last is not None:
            last.wait()
            seen.append(float(outs[k - 1].to_numpy().sum()))
        last = job
    if last is not None:
        last.wait()
    {after}
"""

_FIRST_KEPT = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(4)]
    pends = []
    first = None
    for i, out in enumerate(outs):
        cur = scale(out.partition((8,)), 2.0).submit()
        pends.append(cur)
        if first is not None:
            first.wait()
            print(outs[i - 1].to_numpy())  # TC102
        first = first or cur
    for p in pends:
        p.wait()
"""

_AFTER = """

def main() -> None:
    outs = [tr.zeros((32,)) for _ in range(4)]
    last = None
    for i, out in enumerate(outs):
        if last is not None:
            last.wait()
        last = scale(out.partition((8,)), 2.0).submit()
    for i in range(2):
        print(outs[i + 2].to_numpy())  # TC102
    if last is not None:
        last.wait()
"""

_WAIT_READ = "prev.wait()\n            seen.append(float(outs[i - 1].to_numpy().sum()))"
_READ_WAIT = "seen.append(float(outs[i - 1].to_numpy().sum()))  # TC102\n            prev.wait()"

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _PIPELINE.format(body=_WAIT_READ),
            "a pipeline reads the previous turn's output after waiting the previous turn's Pending",
        ),
        valid(
            _INDEXED.format(after="print(seen, outs[-1].to_numpy())"),
            "`outs[k]` of `range(len(outs))` written, `outs[k - 1]` read after the carried wait",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _PIPELINE.format(body=_READ_WAIT),
            "the previous turn's output read before its Pending is waited",
        ),
        invalid(
            _FIRST_KEPT,
            "`first = first or cur` waits the first turn's Pending from the third turn on",
            typed=False,
        ),
        invalid(_AFTER, "the counter rebound after the loop: `outs[i + 2]` is the last output"),
    ),
}
