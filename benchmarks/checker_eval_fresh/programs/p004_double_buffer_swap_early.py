"""Double buffer with the wait moved after the swap: the consumer reads the front buffer while
the copy into it is still in flight."""

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
    src = tr.full((512,), 7.0)
    pending = copy(buf.back.partition((128,)), src).submit()
    buf.swap()
    head = buf.front.to_numpy()[:2]  # expect: TC102
    pending.wait()
    print(head)


if __name__ == "__main__":
    main()
