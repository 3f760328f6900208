"""Examples of round 13A of issue 17: what a helper without parameters returns inside a tuple
(``return zs, [k(z.partition(s)).submit() for z in zs]``, or a list display of distinct
Pendings) is a list of holders the caller waits one by one, through slices too, or gives to a
thread (``threading.Thread(target=p.wait)``). The VALID ones run clean and must stay silent;
the INVALID ones are real errors."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_MADE = """

def make() -> tuple[list[tr.Tensor[f32]], list[tr.Pending]]:
    zs = [tr.zeros((256,), dtype=f32) for _ in range(4)]
    return zs, [scale(z.partition((64,)), 2.0).submit() for z in zs]
"""

_LISTED = """

def make() -> tuple[list[tr.Tensor[f32]], list[tr.Pending]]:
    zs = [tr.ones((256,), dtype=f32) for _ in range(2)]
    first = scale(zs[0].partition((64,)), 2.0).submit()
    second = scale(zs[1].partition((64,)), 3.0).submit()
    return zs, [first, second]
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        valid(
            _MADE
            + """

def main() -> None:
    zs, pendings = make()
    for p in pendings[2:]:
        p.wait()
    for p in pendings[:2]:
        p.wait()
    print(zs[0].to_numpy()[:2])


main()
""",
            "a helper returns its tensors and a comprehension of their Pendings in a tuple; the "
            "caller waits every one, through two slices",
        ),
        valid(
            _LISTED
            + """

def main() -> None:
    zs, pendings = make()
    for p in pendings[1:]:
        p.wait()
    pendings[0].wait()
    print(zs[1].to_numpy()[:2])


main()
""",
            "a helper returns a list display of two Pendings inside a tuple; the caller waits "
            "the slice after the first, then the first",
        ),
        valid(
            """
import threading
"""
            + _MADE
            + """

def main() -> None:
    zs, pendings = make()
    threads = [threading.Thread(target=p.wait) for p in pendings]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(zs[3].to_numpy()[:2])


main()
""",
            "each returned Pending's bound `wait` is given to a thread, which waits it",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC108": (
        invalid(
            """

def make() -> tuple[list[tr.Tensor[f32]], list[tr.Pending]]:
    zs = [tr.zeros((256,), dtype=f32) for _ in range(4)]
    return zs, [scale(z.partition((64,)), 2.0).submit() for z in zs]  # TC108


def main() -> None:
    zs, pendings = make()
    for p in pendings[2:]:
        p.wait()


main()
""",
            "the caller waits only the slice from 2 of the returned Pendings: the first two are "
            "never waited on",
        ),
    ),
}
