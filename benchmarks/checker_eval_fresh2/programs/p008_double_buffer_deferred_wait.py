"""Double buffering where the wait was moved into the next fill, to overlap more."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr


class DoubleBuffer:
    def __init__(self, n: int) -> None:
        self.front = tr.zeros((n,), name="front")
        self.back = tr.zeros((n,), name="back")
        self.pending: tr.Pending | None = None

    def fill_back(self, value: float) -> None:
        if self.pending is not None:
            self.pending.wait()
        self.pending = fill(self.back.partition((128,)), value).submit()

    def flip(self) -> None:
        self.front, self.back = self.back, self.front


def main() -> None:
    buf = DoubleBuffer(512)
    total = 0.0
    for step in range(4):
        buf.fill_back(float(step))
        buf.flip()
        total += float(buf.front.to_numpy()[0])  # expect: TC102
    if buf.pending is not None:
        buf.pending.wait()
    print(total)


if __name__ == "__main__":
    main()
