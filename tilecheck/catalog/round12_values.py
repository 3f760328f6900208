"""Examples of round 12 of issue 17 (facts about values and same objects, the sixth held-out
set's C9, C5 and C7 items): slice bounds bound to forms of a loop counter (``a, b = r * R,
(r + 1) * R``); a helper's slice at a constant argument (``t[:k]`` of ``head(t, 32)``); an
index carried beside its Pending (``prev, prev_idx = cur, c``); loops over lists that are
never empty (``zip`` of two, an attribute list made in ``__init__``, a list walked by an
earlier loop), also in a comprehension; ``[t] * 2`` holding one tensor twice; the rows of a
flattened tensor (``t.reshape(-1)``); a capture on a graph attribute (``with self.g:``) or on
a stream parameter (``with tr.graph(s):``). The VALID ones run clean and must stay silent; the
INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_CELL = """

class Cell:
    def __init__(self, k: int) -> None:
        self.k = k
        self.val = tr.full((256,), float(k))
        self.pend: tr.Pending | None = None

    def go(self) -> None:
        self.pend = scale(self.val.partition((64,)), 2.0).submit()

    def done(self) -> None:
        if self.pend is not None:
            self.pend.wait()
            self.pend = None
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        valid(
            """

class Net:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.ws = [tr.full((256,), 0.5) for _ in range(2)]
        self.hs = [tr.zeros((256,)) for _ in range(2)]

    def run(self) -> None:
        src = self.x
        for w, h in zip(self.ws, self.hs, strict=True):
            copy(h.partition((64,)), src).sync()
            src = h
        copy(self.x.partition((64,)), src).sync()


def main() -> None:
    Net().run()
""",
            "`zip` of two attribute lists `__init__` makes non-empty and nothing else changes: "
            "the loop runs, so `src` is no longer `self.x` at the last launch",
        ),
        valid(
            """

def main() -> None:
    t = tr.ones((3, 256))
    flat = t.reshape(-1)
    copy(t[1].partition((64,)), flat[512:768]).sync()
    print(t.to_numpy()[1, :2])
""",
            "`flat[512:768]` of `t.reshape(-1)` is the row `t[2]`, not the row written",
        ),
    ),
    "TC102": (
        valid(
            """
R = 64


class Shards:
    def __init__(self) -> None:
        self.out = tr.zeros((3 * R,))
        self.ds = [1.0, 2.0, 3.0]

    def go(self) -> list[tr.Pending]:
        ps = []
        for r, d in enumerate(self.ds):
            a, b = r * R, (r + 1) * R
            ps.append(scale(self.out[a:b].partition((64,)), d).submit())
        return ps


def main() -> None:
    s = Shards()
    for p in s.go():
        p.wait()
    print(s.out.to_numpy()[::R])
""",
            "shard bounds bound to forms of the loop counter: each step's part is apart from "
            "the earlier steps'",
        ),
        valid(
            """

def head(t: tr.Tensor, k: int) -> tr.Pending:
    return scale(t[:k].partition((64,)), 2.0).submit()


def main() -> None:
    t = tr.ones((256,))
    p = head(t, 128)
    s = float(t[128:].to_numpy().sum())
    p.wait()
    print(s)
""",
            "the helper writes `t[:k]`; the caller gives 128 and reads `t[128:]`",
        ),
        valid(
            """

def main() -> None:
    n = 3
    dst = [tr.ones((256,)) for _ in range(n)]
    prev: tr.Pending | None = None
    prev_idx = -1
    c = 0
    while c < n:
        cur = scale(dst[c].partition((64,)), 2.0).submit()
        if prev is not None:
            prev.wait()
            print(dst[prev_idx].to_numpy()[0])
        prev, prev_idx = cur, c
        c += 1
    if prev is not None:
        prev.wait()
""",
            "the index carried beside its Pending names the chunk that Pending wrote",
        ),
        valid(
            _CELL
            + """

def main() -> None:
    cells = [Cell(k) for k in range(3)]
    for _ in range(2):
        for c in cells:
            c.go()
        for c in cells:
            c.done()
    print({c.k: float(c.val.to_numpy().max()) for c in cells})
""",
            "a comprehension after loops that submit and wait for every object of a list "
            "that is never empty",
        ),
    ),
    "TC111": (
        valid(
            """

class Runner:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.tmp = tr.zeros((256,))
        self.g = tr.graph()

    def capture(self) -> None:
        with self.g as g:
            g.record(copy(self.tmp.partition((64,)), self.x))


def main() -> None:
    r = Runner()
    r.capture()
    r.g.launch().wait()
    r.g.close()
""",
            "a graph attribute captured with no allocation inside",
        ),
        valid(
            """

def capture(s: tr.Stream, y: tr.Tensor) -> tuple[tr.Graph, tr.Event]:
    with tr.graph(s) as g:
        g.record(scale(y.partition((64,)), 2.0))
    ev = s.record()
    return g, ev


def main() -> None:
    g, ev = capture(tr.Stream(), tr.ones((256,)))
    g.launch().wait()
    g.close()
""",
            "the stream parameter records its event after the capture",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC101": (
        invalid(
            """

def main() -> None:
    pair = [tr.ones((256,))] * 2
    for i in range(2):
        copy(pair[(i + 1) % 2].partition((64,)), pair[i % 2]).sync()  # TC101
""",
            "`[t] * 2` holds one tensor twice: `pair[(i + 1) % 2]` and `pair[i % 2]` are it",
            typed=False,  # list elements by index: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    t = tr.ones((3, 256))
    flat = t.reshape(-1)
    copy(t[1].partition((64,)), flat[256:512]).sync()  # TC101
""",
            "`flat[256:512]` of `t.reshape(-1)` is the row `t[1]` the launch writes",
            typed=False,  # views by index: beyond the mypy plugin's types
        ),
    ),
    "TC102": (
        invalid(
            """
R = 64


def main() -> None:
    out = tr.zeros((4 * R,))
    ps = []
    for r in range(3):
        a, b = r * R, (r + 2) * R
        ps.append(scale(out[a:b].partition((64,)), 2.0).submit())  # TC102
    for p in ps:
        p.wait()
""",
            "shards two rows wide one row apart: each step's part overlaps the last step's",
            typed=False,  # views by slice: beyond the mypy plugin's types
        ),
        invalid(
            """

def head(t: tr.Tensor, k: int) -> tr.Pending:
    return scale(t[:k].partition((64,)), 2.0).submit()


def main() -> None:
    t = tr.ones((256,))
    p = head(t, 192)
    s = float(t[128:].to_numpy().sum())  # TC102
    p.wait()
    print(s)
""",
            "the helper writes `t[:192]`, which `t[128:]` meets",
            typed=False,  # views by slice: beyond the mypy plugin's types
        ),
        invalid(
            """

def main() -> None:
    n = 3
    dst = [tr.ones((256,)) for _ in range(n)]
    prev: tr.Pending | None = None
    prev_idx = -1
    for c in range(n):
        cur = scale(dst[c].partition((64,)), 2.0).submit()
        if prev is not None:
            print(dst[prev_idx].to_numpy()[0])  # TC102
            prev.wait()
        prev, prev_idx = cur, c
    if prev is not None:
        prev.wait()
""",
            "the carried chunk read before its Pending is waited",
            typed=False,  # list elements by index: beyond the mypy plugin's types
        ),
        invalid(
            _CELL
            + """

def main() -> None:
    cells = [Cell(k) for k in range(3)]
    for c in cells:
        c.go()
    for c in cells[:-1]:
        c.done()
    print({c.k: float(c.val.to_numpy().max()) for c in cells})  # TC102
""",
            "the last object's Pending is never waited before the comprehension reads it",
            typed=False,  # Pendings kept in attributes: beyond the mypy plugin's types
        ),
    ),
    "TC111": (
        invalid(
            """

def make_ops(x: tr.Tensor) -> list[tr.Op]:
    tmp = tr.zeros((256,))  # TC111
    return [copy(tmp.partition((64,)), x)]


class Runner:
    def __init__(self) -> None:
        self.x = tr.ones((256,))
        self.g = tr.graph()

    def capture(self) -> None:
        with self.g as g:
            for op in make_ops(self.x):
                g.record(op)


def main() -> None:
    r = Runner()
    r.capture()
    r.g.close()
""",
            "`with self.g` of `self.g = tr.graph()` captures: the helper allocates inside it",
        ),
        invalid(
            """

def capture(s: tr.Stream, y: tr.Tensor) -> tr.Graph:
    with tr.graph(s) as g:
        g.record(scale(y.partition((64,)), 2.0))
        s.record()  # TC111
    return g


def main() -> None:
    g = capture(tr.Stream(), tr.ones((256,)))
    g.close()
""",
            "an event recorded on the capture's own stream, a parameter, inside the capture",
        ),
    ),
}
