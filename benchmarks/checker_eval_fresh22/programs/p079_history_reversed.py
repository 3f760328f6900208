"""Generated-token history iterated newest first through __reversed__."""

from collections.abc import Iterator

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class History:
    def __init__(self, steps: int, vocab: int) -> None:
        self.rows = tr.zeros((steps, vocab), name="history")
        self.count = 0

    def __reversed__(self) -> Iterator[int]:
        data = self.rows.to_numpy()  # expect: TC102
        for i in range(self.count - 1, -1, -1):
            yield int(np.argmax(data[i]))


hist = History(4, 32)
hidden = upload(np.linspace(0, 1, 32))
pending = []
for step in range(3):
    row = hist.rows[step]
    pending.append(K.scale(tiles(row), hidden, float(step + 1)).submit())
    hist.count += 1
recent = list(reversed(hist))  # expect-also
for p in pending:
    p.wait()
print(recent)
