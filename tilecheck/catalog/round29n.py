"""Examples of round 29N of issue 17 (calls read by signature and type, not by name tables):
``run_ranks(2, rank)`` gives ``rank``'s first parameter a ``Communicator``, and a function every
call of which passes it one gets it too (``tilecheck.host.given_types``); any numpy function
given a tensor reads it (``Tensor.__array__``), a module class's ``__array__`` runs for it, and
``bytes(obj)`` runs ``__bytes__``; ``map(f, xs, ys)`` runs ``f`` on the zipped items where
the map is consumed (``list(...)``, ``g(*map(...))``); a function that calls its parameter runs
the argument's code at the call (``tilecheck.host.parameter_runs``); a module
``defaultdict``'s factory runs at its one read (``tilecheck.host.default_factories``). The
VALID ones run clean and must stay silent; the INVALID ones are real errors (the interpreter
raises at the marked line, or warns there)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_RANKS = """
import numpy as np

from tilert.distributed.testing import run_ranks


def gather_into(c, out: Tensor[f32], t: Tensor[f32]) -> tr.Pending:  # type: ignore[no-untyped-def]
    return c.all_gather(out, t).submit()


def worker(world) -> np.ndarray:  # type: ignore[no-untyped-def]
    piece = tr.full((4,), float(world.rank), dtype=f32)
    out = tr.zeros((4 * world.size,), dtype=f32)
    p = gather_into(world, out, piece)
    {order}
    return early


print(run_ranks(2, fn=worker))
"""

_PARTIAL_RANKS = """
import functools

from tilert.distributed.testing import run_ranks


def bcast(size: int, comm) -> float:  # type: ignore[no-untyped-def]
    w = tr.full((size,), float(comm.rank), dtype=f32)
    comm.broadcast(w, 0){run}
    return float(w.to_numpy()[0])


print(run_ranks(2, functools.partial(bcast, 8)))
"""

_NUMPY = """
import numpy as np


def stats(x: Tensor[f32]) -> float:
    y = tr.zeros((32,), dtype=f32)
    p = copy(y.partition((8,)), x).submit()
    {order}
    return m


print(stats(tr.ones((32,), dtype=f32)), np.shape(tr.ones((2,), dtype=f32)))
"""

_BYTES = """


class Record:
    def __init__(self) -> None:
        self.data = tr.zeros((16,), dtype=f32)

    def __bytes__(self) -> bytes:
        return self.data.to_numpy().tobytes(){mark}


def save() -> int:
    rec = Record()
    p = scale(rec.data.partition((8,)), 2.0).submit()
    {order}
    return len(blob)


print(save())
"""

_MAP_READ = """

outs = [tr.zeros((16,), dtype=f32) for _ in range(2)]
ins = [tr.ones((16,), dtype=f32) for _ in range(2)]
pends = [copy(o.partition((8,)), i).submit() for o, i in zip(outs, ins)]
{order}
print(sums)
"""
_SUMS = "sums = list(map(lambda o, s: float(o.to_numpy().sum()) * s, outs, [1.0, 2.0]))"
_WAIT = "for q in pends:\n    q.wait()"

_HOOKS = """

acts = tr.zeros((8,), dtype=f32)
pend = scale(acts.partition((8,)), 2.0).submit()


def report() -> None:
    print(acts.to_numpy().sum()){mark}


def run_hooks(hook) -> None:  # type: ignore[no-untyped-def]
    print("hooks")
    hook()


{order}
"""

_RUNS_TWICE = """

buf = tr.zeros((32,), dtype=f32)
warm = scale(buf.partition((8,)), 0.5)


{helper}


def step() -> None:
    warm.sync(){mark}


{call}(step)
print(buf.to_numpy()[0])
"""
_TWICE = """def twice(fn) -> None:  # type: ignore[no-untyped-def]
    fn()
    fn()"""
_ONCE = """def once(fn) -> None:  # type: ignore[no-untyped-def]
    fn()"""
_REPEAT = """def repeat(fn, n: int = 3) -> None:  # type: ignore[no-untyped-def]
    for _ in range(n):
        fn()"""

_RETRY_FRESH = """

y = tr.zeros((8,), dtype=f32)
z = tr.ones((8,), dtype=f32)


def retry(fn, times: int = 3) -> None:  # type: ignore[no-untyped-def]
    for _ in range(times):
        try:
            fn()
            return
        except ValueError:
            pass


def attempt() -> None:
    copy(y.partition((8,)), z).sync()


retry(attempt)
print(y.to_numpy()[0])
"""

_MAP_KERNEL = """


def relu_all(outs: list[Tensor[f32]], ins: list[Tensor[f32]]) -> None:
    tr.zip(*map(lambda o, i: copy({out}, i), outs, ins)).sync(){mark}


relu_all([tr.zeros((16,), dtype=f32) for _ in range(2)], [tr.ones((16,), dtype=f32)] * 2)
"""

_DEFAULTS = """
import collections

src = tr.ones((8,), dtype=f32)
acc = collections.defaultdict(lambda: tr.zeros((8,), dtype=f32)){mark}
{before}
with tr.graph() as g:
    for h in ("q", "k"):
        g.record(copy({buf}.partition((8,)), src))
g.launch().wait()
g.close()
"""
_DEFAULTS_FN = """
from collections import defaultdict

x = tr.ones((16,), dtype=f32)


def make_ws() -> Tensor[f32]:
    return tr.zeros((16,), dtype=f32){mark}


workspaces = defaultdict(make_ws)
{before}


def build() -> tr.Graph:
    with tr.graph() as g:
        g.record(copy({ws}.partition((16,)), x))
    return g


graph = build()
graph.launch().wait()
graph.close()
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            _RANKS.format(order="p.wait()\n    early = out.to_numpy().copy()"),
            "the rank function run by `run_ranks` waits its helper's gather before the read",
        ),
        valid(
            _NUMPY.format(order="p.wait()\n    m = float(np.mean(y))"),
            "`np.mean` of the output after the wait",
        ),
        valid(
            _BYTES.format(mark="", order="p.wait()\n    blob = bytes(rec)"),
            "`bytes(rec)` runs `__bytes__` after the wait",
        ),
        valid(
            _MAP_READ.format(order=f"{_WAIT}\n{_SUMS}"),
            "`map` of a two-parameter lambda over two lists after every wait",
        ),
        valid(
            _HOOKS.format(mark="", order="pend.wait()\nrun_hooks(report)"),
            "the hook runner calls the report after the wait",
        ),
    ),
    "TC105": (
        valid(
            _PARTIAL_RANKS.format(run=".sync()"),
            "a partial of the rank function run by `run_ranks`: its broadcast is run",
        ),
    ),
    "TC106": (
        valid(
            _MAP_KERNEL.format(out="o.partition((8,))", mark=""),
            "`*map(...)` of a lambda launching on partitions",
        ),
    ),
    "TC110": (
        valid(
            _RUNS_TWICE.format(helper=_ONCE, mark="", call="once"),
            "a helper calling its callback once runs the module op once",
        ),
        valid(_RETRY_FRESH, "the attempt a retry helper runs makes its op anew each time"),
    ),
    "TC111": (
        valid(
            _DEFAULTS.format(
                mark="", before='bufs = {h: acc[h] for h in ("q", "k")}', buf="bufs[h]"
            ),
            "the defaultdict's factory runs at reads before the capture",
        ),
        valid(
            _DEFAULTS_FN.format(mark="", before='ws = workspaces["attn"]', ws="ws"),
            "the workspace is looked up (made) before the capture",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        invalid(
            _RANKS.format(order="early = out.to_numpy().copy()  # TC102\n    p.wait()"),
            "`run_ranks(2, fn=worker)` gives `world` a Communicator, and so `gather_into`'s "
            "`c`, its every call passing it: the gathered buffer read before the wait",
            typed=False,
        ),
        invalid(
            _NUMPY.format(order="m = float(np.mean(y))  # TC102\n    p.wait()"),
            "`np.mean(y)` converts `y` (its `__array__`) while the copy writes it",
            typed=False,
        ),
        invalid(
            _BYTES.format(mark="  # TC102", order="blob = bytes(rec)\n    p.wait()"),
            "`bytes(rec)` runs `__bytes__`, which reads the buffer in flight",
            typed=False,
        ),
        invalid(
            _MAP_READ.format(order=f"{_SUMS}  # TC102\n{_WAIT}"),
            "`map` of a two-parameter lambda runs it on the zipped items: a read in flight",
            typed=False,
        ),
        invalid(
            _HOOKS.format(mark="  # TC102", order="run_hooks(report)\npend.wait()"),
            "the hook runner calls the report it is given while the op writes `acts`",
            typed=False,
        ),
    ),
    "TC105": (
        invalid(
            _PARTIAL_RANKS.format(run="  # TC105"),
            "`functools.partial(bcast, 8)` run by `run_ranks`: `comm` is its Communicator, "
            "and the broadcast is never run",
            typed=False,
        ),
    ),
    "TC106": (
        invalid(
            _MAP_KERNEL.format(out="o", mark="  # TC106"),
            "`tr.zip(*map(lambda o, i: copy(o, i), outs, ins))` launches on the tensors",
            typed=False,
        ),
    ),
    "TC110": (
        invalid(
            _RUNS_TWICE.format(helper=_TWICE, mark="  # TC110", call="twice"),
            "a helper that calls its callback twice runs the module op twice",
            typed=False,
        ),
        invalid(
            _RUNS_TWICE.format(helper=_REPEAT, mark="  # TC110", call="repeat"),
            "a loop of three turns (the default) calls the step, which syncs one op",
            typed=False,
        ),
    ),
    "TC111": (
        invalid(
            _DEFAULTS.format(mark="  # TC111", before="", buf="acc[h]"),
            "the defaultdict's factory runs at the first read, inside the capture",
            typed=False,
        ),
        invalid(
            _DEFAULTS_FN.format(mark="  # TC111", before="", ws='workspaces["attn"]'),
            "the defaultdict's factory function allocates at the read inside the capture",
            typed=False,
        ),
    ),
}
