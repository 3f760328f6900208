"""Double buffering owned by a class: the back buffer fills while the front one is read."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import fill

import tilert as tr


class DoubleBuffer:
    def __init__(self, n: int) -> None:
        self.front = tr.zeros((n,), name="front")
        self.back = tr.zeros((n,), name="back")
        self.pending: tr.Pending | None = None

    def fill_back(self, value: float) -> None:
        self.pending = fill(self.back.partition((128,)), value).submit()

    def flip(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None
        self.front, self.back = self.back, self.front


def main() -> None:
    buf = DoubleBuffer(512)
    buf.fill_back(1.0)
    buf.flip()
    seen = []
    for step in range(2, 6):
        buf.fill_back(float(step))
        seen.append(float(buf.front.to_numpy()[0]))
        buf.flip()
    seen.append(float(buf.front.to_numpy()[0]))
    np.testing.assert_allclose(seen, [1.0, 2.0, 3.0, 4.0, 5.0])
    print(seen)


if __name__ == "__main__":
    main()
