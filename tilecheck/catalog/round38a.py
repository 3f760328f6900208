"""Examples of round 38A of issue 17 (per-turn identity of objects made in loops).

A loop's turn that skips the run (wait) of the op (Pending) it just made, by a ``continue``, a
``break``, a ``return`` or an ``if`` without ``else`` whose test reads the item the loop walks,
drops that object unrun (unwaited) where the next turn rebinds its name: TC105 (TC108) where it
is made. The test is taken as one that may go either way where the loop walks what the source
does not show (a parameter's requests, their fields), and is evaluated item by item where the
source shows the items as constants (``for cancelled in (False, True)``, the keys of a dict
display tested against a tuple of names): a test no item takes drops nothing. A loop over a
module's tuple of sizes in a function or a method (``for b in BUCKETS``, ``enumerate`` of it),
or over a class's (``for n in self.SIZES``, ``cls.SIZES``: ``tilecheck.host.class_lists``), is
followed turn by turn as it is at module level, so each turn's graph holds only its own
bucket's tensors.

The VALID ones run clean and must stay silent; the INVALID ones are real errors (the
interpreter warns or raises naming the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC102": (
        valid(
            """
BUCKETS = (64, 128)


def build() -> dict[int, tr.Graph]:
    inputs = {b: tr.ones((b,)) for b in BUCKETS}
    hidden = {b: tr.zeros((b,)) for b in BUCKETS}
    graphs = {}
    for b in BUCKETS:
        with tr.graph() as g:
            g.record(copy(hidden[b].partition((32,)), inputs[b]))
        graphs[b] = g
    return graphs


for graph in build().values():
    graph.launch().wait()
    graph.close()
""",
            "a graph captured per bucket of a module tuple in a function, each its own bucket's",
        ),
        valid(
            """
SIZES = [64, 128]


class Runner:
    def __init__(self) -> None:
        self.src = {n: tr.ones((n,)) for n in SIZES}
        self.dst = {n: tr.zeros((n,)) for n in SIZES}
        self.graphs = {}
        for n in SIZES:
            with tr.graph() as g:
                g.record(copy(self.dst[n].partition((32,)), self.src[n]))
            self.graphs[n] = g

    def close(self) -> None:
        for g in self.graphs.values():
            g.close()


runner = Runner()
for n in SIZES:
    runner.graphs[n].launch().wait()
runner.close()
""",
            "graphs per size captured in __init__ into attribute dicts keyed by a module list",
        ),
        valid(
            """
SIZES = (64, 96, 128)


def build() -> dict[int, tr.Graph]:
    bufs = {n: tr.zeros((n,)) for n in SIZES}
    src = {n: tr.ones((n,)) for n in SIZES}
    graphs = {}
    for i, n in enumerate(SIZES):
        with tr.graph() as g:
            g.record(copy(bufs[n].partition((32,)), src[n]))
        graphs[n] = g
    return graphs


for graph in build().values():
    graph.launch().wait()
    graph.close()
""",
            "enumerate of a module tuple: each turn's graph keeps only its own size's buffers",
        ),
        valid(
            """
class Engine:
    SIZES = (64, 128)

    def __init__(self) -> None:
        self.x = {n: tr.ones((n,)) for n in self.SIZES}
        self.y = {n: tr.zeros((n,)) for n in self.SIZES}
        self.graphs = {}
        for n in self.SIZES:
            with tr.graph() as g:
                g.record(copy(self.y[n].partition((32,)), self.x[n]))
            self.graphs[n] = g

    def shutdown(self) -> None:
        for g in self.graphs.values():
            g.close()


engine = Engine()
for graph in engine.graphs.values():
    graph.launch().wait()
engine.shutdown()
""",
            "graphs per size of a class attribute tuple read through self in __init__",
        ),
        valid(
            """
class Pool:
    SIZES = (64, 128)

    def __init__(self, graphs: dict[int, tr.Graph]) -> None:
        self.graphs = graphs

    @classmethod
    def build(cls) -> "Pool":
        src = {n: tr.ones((n,)) for n in cls.SIZES}
        outs = {n: tr.zeros((n,)) for n in cls.SIZES}
        graphs = {}
        for n in cls.SIZES:
            with tr.graph() as g:
                g.record(copy(outs[n].partition((32,)), src[n]))
            graphs[n] = g
        return cls(graphs)


pool = Pool.build()
for graph in pool.graphs.values():
    graph.launch().wait()
    graph.close()
""",
            "graphs per size of a class attribute tuple read through cls in a classmethod",
        ),
    ),
    "TC105": (
        valid(
            """
STAGES = ("embed", "attn", "mlp")


def run() -> None:
    x = tr.ones((32,))
    for stage in STAGES:
        out = tr.zeros((32,))
        op = copy(out.partition((32,)), x)
        if stage == "lm_head":
            continue
        op.sync()


run()
""",
            "a skip test over literal stage names that no stage takes",
        ),
        valid(
            """
WANTED = ("q", "k")


def main() -> None:
    bufs = {"q": tr.ones((32,)), "k": tr.ones((32,))}
    for name, t in bufs.items():
        out = tr.zeros((32,))
        op = copy(out.partition((32,)), t)
        if name not in WANTED:
            continue
        op.sync()


main()
""",
            "keys of a dict display skipped unless wanted, every key wanted",
        ),
        valid(
            """
def serve(flags: list[bool]) -> list[tr.Op]:
    kept = []
    for skip in flags:
        out = tr.zeros((32,))
        op = copy(out.partition((32,)), tr.ones((32,)))
        kept.append(op)
        if skip:
            continue
        print("built")
    return kept


for op in serve([True, False]):
    op.sync()
""",
            "each turn's op kept in a list before the skip: it is run later",
        ),
    ),
    "TC108": (
        valid(
            """
class Pipe:
    STAGES = ("embed", "attn", "mlp")

    def run(self) -> None:
        x = tr.ones((32,))
        for stage in self.STAGES:
            out = tr.zeros((32,))
            pend = copy(out.partition((32,)), x).submit()
            if stage == "head":
                continue
            pend.wait()


Pipe().run()
""",
            "a skip test over a class's tuple of stages that no stage takes",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC105": (
        invalid(
            """
class Req:
    def __init__(self, cancelled: bool) -> None:
        self.cancelled = cancelled


def run_batch(reqs: list[Req]) -> None:
    for req in reqs:
        out = tr.zeros((32,))
        op = copy(out.partition((32,)), tr.ones((32,)))  # TC105
        if req.cancelled:
            continue
        op.sync()


run_batch([Req(False), Req(True)])
""",
            "a request's op dropped unrun by a skip test of the request a parameter holds",
        ),
        invalid(
            """
x = tr.ones((32,))
for cancelled in (False, True, False):
    out = tr.zeros((32,))
    op = copy(out.partition((32,)), x)  # TC105
    if cancelled:
        continue
    op.sync()
""",
            "a loop over literal flags: the True turn skips its op's run",
        ),
    ),
    "TC108": (
        invalid(
            """
STAGES = ("embed", "attn", "mlp")


def run() -> None:
    x = tr.ones((32,))
    for stage in STAGES:
        out = tr.zeros((32,))
        pend = copy(out.partition((32,)), x).submit()  # TC108
        if stage == "attn":
            continue
        pend.wait()


run()
""",
            "a loop over literal stage names whose skip test one stage takes",
        ),
        invalid(
            """
def worker(jobs: list[tuple[str, bool]]) -> int:
    served = 0
    for name, dropped in jobs:
        out = tr.zeros((32,))
        pend = copy(out.partition((32,)), tr.ones((32,))).submit()  # TC108
        if dropped:
            print("dropped", name)
            continue
        pend.wait()
        served += 1
    return served


worker([("a", False), ("b", True)])
""",
            "a job's Pending left unwaited by a skip test of the job's flag, a parameter's row",
        ),
    ),
}
