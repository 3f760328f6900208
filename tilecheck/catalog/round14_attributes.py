"""Examples of round 14B of issue 17: ops ``__init__`` keeps one by one in a list attribute
(``self.ops = [k(...)]``) that a method runs each of on every call (``for op in self.ops:
op.submit().wait()``): a second call on the same instance runs them again (TC110, at the run in
the method). The VALID ones run clean and must stay silent (one call, the list changed or
rebuilt between the calls, a run on some turns only); the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_PREP = """

class Prep:
    def __init__(self) -> None:
        self.y = tr.zeros((256,), dtype=f32)
        self.ops = [scale(self.y.partition((64,)), 2.0)]

    def step(self) -> None:
        for op in self.ops:
            op.submit().wait()
"""

_TWO = """

class Pair:
    def __init__(self) -> None:
        self.a = tr.ones((256,), dtype=f32)
        self.b = tr.ones((256,), dtype=f32)
        self.ops = [scale(self.a.partition((64,)), 2.0), scale(self.b.partition((64,)), 3.0)]

    def run_all(self) -> None:
        for op in self.ops:
            op.sync()
"""

_PREP_RUN_AGAIN = _PREP.replace("op.submit().wait()", "op.submit().wait()  # TC110")
_TWO_RUN_AGAIN = _TWO.replace("op.sync()", "op.sync()  # TC110")

VALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        valid(
            _PREP
            + """

def main() -> None:
    pp = Prep()
    pp.step()
    print(pp.y.to_numpy()[:2])


main()
""",
            "a method runs each op `__init__` kept in a list attribute, called once",
        ),
        valid(
            _PREP
            + """
    def rebuild(self) -> None:
        self.ops = [scale(self.y.partition((64,)), 3.0)]


def main() -> None:
    pp = Prep()
    pp.step()
    pp.rebuild()
    pp.step()
    print(pp.y.to_numpy()[:2])


main()
""",
            "another method makes the list's ops again between the two calls",
        ),
        valid(
            _PREP
            + """

def main() -> None:
    pp = Prep()
    pp.step()
    pp.ops.clear()
    pp.step()
    print(pp.y.to_numpy()[:2])


main()
""",
            "the caller empties the list between the calls: the second runs nothing",
        ),
        valid(
            _PREP
            + """

def main() -> None:
    pp = Prep()
    pp.step()
    pp.ops.pop()
    pp.step()
    print(pp.y.to_numpy()[:2])


main()
""",
            "the caller pops the only op between the calls",
        ),
        valid(
            _PREP
            + """

def main() -> None:
    pp = Prep()
    pp.step()
    pp.ops = [scale(pp.y.partition((64,)), 3.0)]
    pp.step()
    print(pp.y.to_numpy()[:2])


main()
""",
            "the caller sets the list to a new op between the calls",
        ),
        valid(
            _PREP
            + """

def main() -> None:
    for _ in range(2):
        pp = Prep()
        pp.step()
        print(pp.y.to_numpy()[:2])


main()
""",
            "a new instance each turn, each stepped once",
        ),
        valid(
            """

class Once:
    def __init__(self) -> None:
        self.y = tr.zeros((256,), dtype=f32)
        self.ops = [scale(self.y.partition((64,)), 2.0)]
        self.done = False

    def step(self) -> None:
        for op in self.ops:
            if not self.done:
                op.sync()
        self.done = True


def main() -> None:
    o = Once()
    o.step()
    o.step()
    print(o.y.to_numpy()[:2])


main()
""",
            "the loop runs its op on the first call only (under an `if`)",
        ),
        valid(
            _TWO
            + """
    def refill(self) -> None:
        self.ops[0] = scale(self.a.partition((64,)), 4.0)
        self.ops[1] = scale(self.b.partition((64,)), 5.0)


def main() -> None:
    pr = Pair()
    pr.run_all()
    pr.refill()
    pr.run_all()
    print(pr.a.to_numpy()[:2], pr.b.to_numpy()[:2])


main()
""",
            "another method stores new ops into the list's items between the calls",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC110": (
        invalid(
            _PREP_RUN_AGAIN
            + """

def main() -> None:
    pp = Prep()
    for _ in range(2):
        pp.step()
""",
            "a method runs each op `__init__` kept in a list attribute; a loop calls it twice",
            typed=False,
        ),
        invalid(
            _TWO_RUN_AGAIN
            + """

def main() -> None:
    pr = Pair()
    pr.run_all()
    print(pr.a.to_numpy()[:2])
    pr.run_all()
""",
            "two ops kept in a list attribute, synced each by a method called twice",
            typed=False,
        ),
        invalid(
            _PREP_RUN_AGAIN
            + """

def main() -> None:
    pp = Prep()
    pp.step()
    print(pp.y.to_numpy()[:2])
    pp.step()
""",
            "the same method called again after a read: the list still holds the run op",
            typed=False,
        ),
    ),
}
