"""Examples of round 13D of issue 17 (the seventh held-out set's K5 and K7 classes): a graph a
method captured and kept in an attribute (``self.graph = g``) is an open graph wherever another
method launches it, so a bare ``self.graph.launch()`` drops its Pending (TC108) as
``g.launch()`` of a local graph does; and a literal list of keys (``keys = ["a", "b"]``, or
``list(bufs)`` of a dict of constant keys), only ever indexed, walked or measured, selects by
its items: ``bufs[keys[0]]`` is ``bufs["a"]`` (TC101 beside a partition of it). The VALID ones
run clean and must stay silent; the INVALID ones are real errors (the interpreter raises or
warns at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            """

def main() -> None:
    bufs = {k: tr.ones((256,)) for k in ("main", "aux")}
    keys = list(bufs)
    copy(bufs["main"].partition((64,)), bufs[keys[1]]).sync()
    for k in keys:
        print(bufs[k].to_numpy()[0])
""",
            "`keys[1]` of `list(bufs)` is `aux`: another tensor than the one written",
        ),
        valid(
            """

def main() -> None:
    bufs = {"main": tr.ones((256,)), "aux": tr.zeros((256,))}
    keys = ["main", "aux"]
    keys.reverse()
    copy(bufs["main"].partition((64,)), bufs[keys[0]]).sync()
""",
            "the list is reversed before it is indexed: `keys[0]` is not known (and is `aux`)",
        ),
        valid(
            """

def main() -> None:
    bufs = {k: tr.ones((256,)) for k in ("main", "aux")}
    del bufs["main"]
    bufs["main"] = tr.zeros((256,))
    keys = list(bufs)
    copy(bufs["main"].partition((64,)), bufs[keys[0]]).sync()
""",
            "a key deleted and stored again moves to the end: `list(bufs)` is not known "
            "(`keys[0]` is `aux`)",
        ),
    ),
    "TC108": (
        valid(
            """

def make(t: tr.Tensor[f32]) -> tr.Pending:
    return scale(t.partition((64,)), 2.0).submit()


def done(t: tr.Tensor[f32]) -> None:
    scale(t.partition((64,)), 2.0).sync()


def run(make, t):  # type: ignore[no-untyped-def]
    make(t)
    return t.to_numpy()


print(run(done, tr.ones((256,)))[0])
""",
            "a parameter named like a module function is what the caller passed (here `done`), "
            "not that function: nothing is submitted and dropped",
        ),
        valid(
            """

class Replay:
    def __init__(self) -> None:
        self.y = tr.zeros((256,))
        with tr.graph() as g:
            g.record(scale(self.y.partition((64,)), 2.0))
        self.graph = g

    def replay(self) -> None:
        self.graph.launch().wait()

    def close(self) -> None:
        self.graph.close()


def main() -> None:
    rp = Replay()
    rp.replay()
    rp.close()
""",
            "the launch's Pending is waited",
        ),
        valid(
            """

class Replay:
    def __init__(self) -> None:
        self.y = tr.zeros((256,))
        with tr.graph() as g:
            g.record(scale(self.y.partition((64,)), 2.0))
        self.graph = g
        self.pend: tr.Pending | None = None

    def replay(self) -> None:
        self.pend = self.graph.launch()

    def close(self) -> None:
        if self.pend is not None:
            self.pend.wait()
        self.graph.close()


def main() -> None:
    rp = Replay()
    rp.replay()
    rp.close()
""",
            "the Pending is kept in an attribute and waited before the close",
        ),
        valid(
            """

class Replay:
    def __init__(self) -> None:
        self.y = tr.zeros((256,))
        with tr.graph() as g:
            g.record(scale(self.y.partition((64,)), 2.0))
        self.graph = g

    def swap(self, other: tr.Graph) -> None:
        self.graph = other

    def replay(self) -> None:
        pend = self.graph.launch()
        pend.wait()


def main() -> None:
    rp = Replay()
    rp.replay()
    rp.graph.close()
""",
            "the attribute is given a parameter too (it may hold any graph), and the launch's "
            "Pending is waited anyway",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            """

def main() -> None:
    bufs = {k: tr.zeros((256,)) for k in ("main", "aux")}
    keys = list(bufs)
    acc = bufs["main"]
    copy(acc.partition((64,)), bufs[keys[0]]).sync()  # TC101
""",
            "`keys[0]` of `list(bufs)` is `main`: the launch reads the tensor it writes",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
        invalid(
            """
KEYS = ("q", "k", "v")


def main() -> None:
    bufs = {"q": tr.zeros((256,)), "k": tr.ones((256,)), "v": tr.ones((256,))}
    copy(bufs[KEYS[-1]].partition((64,)), bufs["v"]).sync()  # TC101
""",
            "`KEYS[-1]` of a module tuple of keys is `v`",
            typed=False,  # dict items by key: beyond the mypy plugin's types
        ),
    ),
    "TC108": (
        invalid(
            """

class Replay:
    def __init__(self) -> None:
        self.y = tr.zeros((256,))
        with tr.graph() as g:
            g.record(scale(self.y.partition((64,)), 2.0))
        self.graph = g

    def replay(self) -> None:
        self.graph.launch()  # TC108

    def close(self) -> None:
        self.graph.close()


def main() -> None:
    rp = Replay()
    rp.replay()
    rp.close()
""",
            "`__init__` keeps the captured graph in `self.graph`: the bare launch in another "
            "method drops its Pending, as `g.launch()` of a local graph does",
            typed=False,  # a graph kept in an attribute: beyond the mypy plugin's types
        ),
        invalid(
            """

class Replay:
    def __init__(self) -> None:
        self.y = tr.zeros((256,))

    def build(self) -> None:
        with tr.graph() as cap:
            cap.record(scale(self.y.partition((64,)), 2.0))
        self.graph = cap

    def step(self) -> None:
        self.build()
        self.graph.launch()  # TC108
        self.graph.close()


def main() -> None:
    Replay().step()
""",
            "a method captures into the attribute and another launches it bare: the Pending "
            "is dropped though the close follows",
            typed=False,  # a graph kept in an attribute: beyond the mypy plugin's types
        ),
    ),
}
