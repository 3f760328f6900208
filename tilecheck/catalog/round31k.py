"""Examples of round 31K of issue 17 (loop turns with evaluated counters and per-item loops):
a ``for`` over ``range``/``enumerate`` whose body tests its counter is built with its first
turn apart (``tilecheck.flow.peel``), the counter's value deciding the test on each copy
(``tilecheck.host.turn_tests``: ``if attempt == 0: break`` leaves on the first turn, ``if i >
0: prev.wait()`` waits from the second on); a dict comprehension over items known one by one
keeps its values by key (``positions.keyed_positions``), so a walk of its ``.items()`` pairs
each key's output with its own Pending; a ``.then`` callback launching on the chain's
partition is judged as the launch written out (``tilecheck.host.then_launches``). The VALID
ones run clean and must stay silent; the INVALID ones are real errors (the interpreter raises
at the marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_STAGES = """

def stage(x: Tensor[f32], a: float) -> tuple[Tensor[f32], tr.Pending]:
    out = tr.zeros((32,), dtype=f32)
    return out, copy(out.partition((32,)), x).submit()


def run(x: Tensor[f32]) -> dict[str, float]:
    stages = {{name: stage(x, a) for name, a in (("embed", 1.0), ("attn", 2.0), ("mlp", 3.0))}}
    sums: dict[str, float] = {{}}
    for name, (buf, p) in stages.items():
        {first}
        {second}
    return sums


print(run(tr.ones((32,), dtype=f32)))
"""
_WAIT = "p.wait()"
_READ = "sums[name] = float(buf.to_numpy().sum())"

_RETRY = """

def refresh(cache: Tensor[f32], src: Tensor[f32], budget: int) -> int:
    for attempt in range(budget):
        pending = copy(cache.partition((32,)), src).submit(){mark}
        if {test}:{wait}
            break
    else:
        pending.wait()
    return attempt


print(refresh(tr.zeros((32,), dtype=f32), tr.ones((32,), dtype=f32), 3))
"""

_PIPELINE = """

def pipeline(outs: list[Tensor[f32]], x: Tensor[f32]) -> float:
    prev: tr.Pending | None = None
    total = 0.0
    for i, out in enumerate(outs):
        cur = copy(out.partition((32,)), x).submit()
        if i > 0:
            assert prev is not None
            prev.wait()
            total += float(outs[i - 1].to_numpy().sum())
        prev = cur
    if prev is not None:
        prev.wait()
    return total + float(outs[-1].to_numpy().sum())


print(pipeline([tr.zeros((32,), dtype=f32) for _ in range(3)], tr.ones((32,), dtype=f32)))
"""

_THEN = """

h = tr.zeros((32,), dtype=f32)
x = tr.ones((32,), dtype=f32)
chain = copy(h.partition((32,)), x).then(lambda hp, *_: {launch}){mark}
chain.sync()
print(h.to_numpy()[:3])
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _STAGES.format(first=_WAIT, second=_READ),
            "a dict comprehension of `(output, pending)` over literal pairs walked by "
            "`.items()`: each key's Pending waited before its own output is read",
        ),
        valid(
            _PIPELINE,
            "a pipeline whose `if i > 0:` waits the previous turn's Pending: the first turn, "
            "built apart, has none to wait",
        ),
    ),
    "TC108": (
        valid(
            _RETRY.format(mark="", test="attempt == 0", wait="\n            pending.wait()"),
            "a retry loop that waits its Pending on the first turn before it breaks",
        ),
    ),
    "TC101": (
        valid(
            _THEN.format(launch="scale(hp, 0.5)", mark=""),
            "a `.then` callback launching on the chain's partition alone",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _STAGES.format(first=_READ + "  # TC102", second=_WAIT),
            "each stage's output read before its own Pending is waited",
        ),
    ),
    "TC108": (
        invalid(
            _RETRY.format(mark="  # TC108", test="attempt == 0", wait=""),
            "`if attempt == 0: break` leaves on the first turn: the `else` that waits never "
            "runs (the counter's first value decides the test)",
        ),
        invalid(
            _RETRY.format(mark="  # TC108", test="not attempt", wait=""),
            "`if not attempt: break`: the same, tested by the counter's truth",
        ),
    ),
    "TC101": (
        invalid(
            _THEN.format(launch="copy(hp, hp.tensor)", mark="  # TC101"),
            "a `.then` callback passing the chain's partition and its own tensor to one launch",
            typed=False,
        ),
    ),
}
