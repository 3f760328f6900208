"""A double buffer: the producer fills the back buffer, waits, then swaps it to the front where
the consumer reads it."""

from __future__ import annotations

from llmkit.kernels import copy

import tilert as tr


class DoubleBuffer:
    def __init__(self, n: int) -> None:
        self.front = tr.zeros((n,))
        self.back = tr.zeros((n,))

    def swap(self) -> None:
        self.front, self.back = self.back, self.front


def main() -> None:
    buf = DoubleBuffer(512)
    seen = []
    for step in range(4):
        src = tr.full((512,), float(step))
        pending = copy(buf.back.partition((128,)), src).submit()
        pending.wait()
        buf.swap()
        seen.append(float(buf.front.to_numpy()[0]))
    assert seen == [0.0, 1.0, 2.0, 3.0], seen
    print("double buffer:", seen)


if __name__ == "__main__":
    main()
