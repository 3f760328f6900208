"""A layer-norm-ish class that passes its buffer itself where a partition is needed."""

import tilert as tr
from llm.kernels import scale


class Norm:
    def __init__(self, dim: int) -> None:
        self.buf = tr.ones((dim,))

    def apply(self, gain: float) -> None:
        scale(self.buf, gain).sync()  # expect: TC106


def main() -> None:
    n = Norm(256)
    n.apply(0.5)
    print(n.buf.to_numpy()[0])


if __name__ == "__main__":
    main()
