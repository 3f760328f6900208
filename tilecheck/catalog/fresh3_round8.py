"""Examples of round 8 of issue 17, from the third held-out evaluation's reproductions: a
window drained by ``if len(q) == 2: q.popleft().wait()`` over more buffers than it holds; a
helper that returns a closure waiting its Pending; a helper that runs its op through a callback
inside a capture; a dict's ``pop`` with a constant key; a list of Pendings or ops walked only
through a slice that leaves some out (``pends[:-1]``, ``ops[1:]``). The VALID ones run clean
and must stay silent; the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_DEQUE = "\nfrom collections import deque\n"

_CLOSURE = """

def launch(out: tr.Tensor):  # noqa: ANN201
    pend = copy(out.partition((64,)), tr.ones((256,))).submit()
    return lambda: pend.wait()
"""

_STEP = """

def step(t: tr.Tensor, run) -> None:  # noqa: ANN001
    run(scale(t.partition((64,)), 2.0))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _DEQUE
            + """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    q: deque[tr.Pending] = deque()
    for i in range(7):
        if len(q) == 2:
            q.popleft().wait()
        q.append(scale(bufs[i % 3].partition((64,)), 2.0).submit())
    while q:
        q.popleft().wait()
    print(bufs[0].to_numpy())
""",
            "a window of two Pendings over three buffers: the oldest waited once two are in "
            "flight, so the buffer partitioned is never one still written",
        ),
        valid(
            _DEQUE
            + """

def main() -> None:
    bufs = [tr.zeros((256,)) for _ in range(3)]
    q: deque[tr.Pending] = deque()
    for i in range(7):
        q.append(scale(bufs[i % 3].partition((64,)), 2.0).submit())
        if len(q) > 1:
            q.popleft().wait()
    while q:
        q.popleft().wait()
""",
            "the same window waited after the append (`len(q) > 1`)",
        ),
        valid(
            _CLOSURE
            + """

def main() -> None:
    dst = tr.zeros((256,))
    done = launch(dst)
    done()
    print(dst.to_numpy())
""",
            "a helper returns a closure that waits its Pending: read once it is called",
        ),
        valid(
            """

def main() -> None:
    outs = {"a": tr.zeros((256,)), "b": tr.zeros((256,))}
    pends = {
        "a": scale(outs["a"].partition((64,)), 2.0).submit(),
        "b": scale(outs["b"].partition((64,)), 3.0).submit(),
    }
    pends.pop("a").wait()
    print(outs["a"].to_numpy())
    for p in pends.values():
        p.wait()
    print(outs["b"].to_numpy())
""",
            '`pends.pop("a")` waited: `outs["a"]` is free, `outs["b"]` read once the rest '
            "are waited",
        ),
    ),
    "TC105": (
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    ops = [scale(o.partition((64,)), 2.0) for o in outs]
    ops[0].sync()
    with tr.graph() as g:
        for op in ops[1:]:
            g.record(op)
    g.launch().wait()
    g.close()
""",
            "the first op run by its index, the others recorded through `ops[1:]`",
        ),
    ),
    "TC108": (
        valid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    pends = [scale(o.partition((64,)), 2.0).submit() for o in outs]
    for p in pends[:-1]:
        p.wait()
    pends[-1].wait()
    print(outs[2].to_numpy())
""",
            "every Pending but the last waited through `pends[:-1]`, the last one by its index",
        ),
        valid(
            """

def drain(pends: list[tr.Pending]) -> None:
    for p in pends[:-1]:
        p.wait()


def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    pends = [scale(o.partition((64,)), 2.0).submit() for o in outs]
    drain(pends)
    for p in pends:
        p.wait()
""",
            "a helper walks its parameter's slice: its caller waits the whole list",
        ),
    ),
    "TC111": (
        valid(
            _STEP
            + """

def main() -> None:
    buf = tr.zeros((256,))
    step(buf, lambda op: op.sync())
    with tr.graph() as g:
        step(buf, lambda op: g.record(op))
    g.launch().wait()
    g.close()
    print(buf.to_numpy())
""",
            "a helper runs its op through the callback: synced outside the capture, "
            "recorded inside it",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _CLOSURE
            + """

def main() -> None:
    dst = tr.zeros((256,))
    done = launch(dst)
    print(dst.to_numpy())  # TC102
    done()
""",
            "read before calling the closure that waits the helper's Pending",
        ),
        invalid(
            """

def main() -> None:
    outs = {"a": tr.zeros((256,)), "b": tr.zeros((256,))}
    pends = {k: scale(outs[k].partition((64,)), 2.0).submit() for k in outs}
    pends.pop("a").wait()
    print(outs["b"].to_numpy())  # TC102
    for p in pends.values():
        p.wait()
""",
            '`pends.pop("a")` waits the Pending at that key only: `outs["b"]` is still written',
        ),
    ),
    "TC105": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    ops = [scale(o.partition((64,)), 2.0) for o in outs]  # TC105
    with tr.graph() as g:
        for op in ops[1:]:
            g.record(op)
    g.launch().wait()
    g.close()
""",
            "`ops[1:]` recorded: `ops[0]` is never run",
        ),
    ),
    "TC108": (
        invalid(
            """

def main() -> None:
    outs = [tr.zeros((256,)) for _ in range(3)]
    pends = [scale(o.partition((64,)), 2.0).submit() for o in outs]  # TC108
    for p in pends[:-1]:
        p.wait()
""",
            "`for p in pends[:-1]` waits every Pending but the last",
        ),
    ),
    "TC111": (
        invalid(
            _STEP
            + """

def main() -> None:
    buf = tr.zeros((256,))
    with tr.graph() as g:
        step(buf, lambda op: op.sync())  # TC111
    g.launch().wait()
    g.close()
""",
            "inside a capture the helper runs its op through the callback's `.sync()`",
        ),
    ),
}
