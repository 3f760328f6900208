"""Token history read newest first: History.__reversed__ is a generator over its rows, iterated
by reversed() while the rows' fill launches are still in flight."""

from __future__ import annotations

from collections.abc import Iterator

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, wait_all

N = 64


class History:
    def __init__(self, depth: int) -> None:
        self.rows = [tr.zeros(N, name=f"row{i}") for i in range(depth)]

    def __reversed__(self) -> Iterator[float]:
        for row in self.rows[::-1]:
            yield float(row.to_numpy()[0])  # expect: TC102


def replay(hist: History) -> list[float]:
    pendings = [K.fill(tiles(r), float(i)).submit() for i, r in enumerate(hist.rows)]
    newest_first = []
    for value in reversed(hist):  # expect-also
        newest_first.append(value)
    wait_all(pendings)
    return newest_first


if __name__ == "__main__":
    print(replay(History(3)))
