"""An optimizer state whose partition is made once in __init__ and used by every step()."""

from __future__ import annotations

from llmserve.kernels import scale

import tilert as tr

N = 512


class Momentum:
    def __init__(self) -> None:
        self.buf = tr.ones((N,), name="momentum")
        self.tiles = self.buf.partition((128,))

    def step(self, beta: float) -> None:
        scale(self.tiles, beta).sync()  # expect: TC109


def main() -> None:
    m = Momentum()
    for _ in range(3):
        m.step(0.9)  # expect-also
    print(m.buf.to_numpy()[0])


if __name__ == "__main__":
    main()
