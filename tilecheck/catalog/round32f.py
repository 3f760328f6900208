"""Examples of round 32F of issue 17 (no false alarm on correct programs): ``sorted(d,
reverse=True)`` and ``sorted(d.items(), key=...)`` walk every key of ``d`` once, as ``for k in
d`` does (``tilecheck.host.loops``); a loop over different constants that stores one object
per turn by its key is built slot by slot (``tilecheck.host.positions``), each store and read
by the key's constant (``d.pop("a")`` takes that turn's Pending); an exception raised in a
``with`` block inside a ``try`` runs the manager's ``__exit__`` before the handler
(``tilecheck.flow.cfg``; followed where ``__exit__`` ignores the exception it is given). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises at the marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_SORTED = """

NAMES = ("q", "k", "v")


def combine(x: Tensor[f32]) -> float:
    outs = {{name: tr.zeros((32,), dtype=f32) for name in NAMES}}
    pendings = {{name: copy(outs[name].partition((32,)), x).submit() for name in NAMES}}
    for {target} in {walk}:
        {wait}
    return float(outs["q"].to_numpy().sum() + outs["v"].to_numpy().sum()){mark}


print(combine(tr.ones((32,), dtype=f32)))
"""

_POPPED = """

def retry(x: Tensor[f32]) -> float:
    outs = {{"a": tr.zeros((32,), dtype=f32), "b": tr.zeros((32,), dtype=f32)}}
    inflight: dict[str, tr.Pending] = {{}}
    for rid in ("a", "b"):
        inflight[rid] = copy(outs[rid].partition((32,)), x).submit()
    first = inflight.pop("a")
    first.wait()
    total = float(outs[{key}].to_numpy().sum()){mark}
    for pending in inflight.values():
        pending.wait()
    return total


print(retry(tr.ones((32,), dtype=f32)))
"""

_PREFETCH = """

class Prefetch:
    def __init__(self, dst: Tensor[f32], src: Tensor[f32]) -> None:
        self.dst = dst
        self.src = src
        self.pending: tr.Pending | None = None

    def __enter__(self) -> "Prefetch":
        self.pending = copy(self.dst.partition((32,)), self.src).submit()
        return self

    def __exit__(self, *exc: object) -> None:
        if {test}self.pending is not None:
            self.pending.wait()


def load(dst: Tensor[f32], src: Tensor[f32]) -> float:
    try:
        with Prefetch(dst, src):
            raise ValueError("cancelled")
    except ValueError:
        pass
    return float(dst.to_numpy().sum()){mark}


print(load(tr.zeros((32,), dtype=f32), tr.ones((32,), dtype=f32)))
"""

_QUIET = """

class Quiet:
    def __enter__(self) -> "Quiet":
        return self

    def __exit__(self, *exc: object) -> None:
        print("left")


def load(dst: Tensor[f32], src: Tensor[f32]) -> float:
    pending: tr.Pending | None = None
    try:
        with Quiet():
            pending = copy(dst.partition((32,)), src).submit()
            raise ValueError("cancelled")
    except ValueError:
        print(dst.to_numpy()[0])  # TC102
    if pending is not None:
        pending.wait()
    return float(dst.to_numpy().sum())


print(load(tr.zeros((32,), dtype=f32), tr.ones((32,), dtype=f32)))
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _SORTED.format(
                target="name",
                walk="sorted(pendings, reverse=True)",
                wait="pendings[name].wait()",
                mark="",
            ),
            "`sorted(d, reverse=True)`: every key once, in another order; each Pending waited",
        ),
        valid(
            _SORTED.format(
                target="name, pending",
                walk="sorted(pendings.items(), key=lambda kv: kv[0])",
                wait="pending.wait()",
                mark="",
            ),
            "`sorted(d.items(), key=...)`: every key with its own Pending, each waited",
        ),
        valid(
            _POPPED.format(key='"a"', mark=""),
            "a loop over two keys stores a Pending under each; `pop` of one takes that one, "
            "waited before its own output is read",
        ),
        valid(
            _PREFETCH.format(mark="", test=""),
            "the `with` block raises inside a `try`: the manager's `__exit__` waits before "
            "the handler runs",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _SORTED.format(
                target="name",
                walk="sorted(pendings, reverse=True)[:1]",
                wait="pendings[name].wait()",
                mark="  # TC102",
            ),
            "only the first key of the sorted order waited: another output still written",
        ),
        invalid(
            _POPPED.format(key='"b"', mark="  # TC102"),
            "the Pending under `a` popped and waited, then the output of `b` read",
        ),
        invalid(
            _QUIET,
            "the `with` block submits, then raises: the manager's `__exit__` waits nothing, "
            "the handler reads the output in flight",
        ),
        invalid(
            _PREFETCH.format(mark="  # TC102", test="exc[0] is None and "),
            "`__exit__` waits only where no exception came: the block raises, so the output "
            "is still written when read after the handler",
        ),
    ),
}
