"""An MLP whose layers submit one after another, each reading the previous activation."""

import tilert as tr
from llm.kernels import mul, relu


class TwoLayer:
    def __init__(self, dim: int) -> None:
        self.w1 = tr.full((dim,), 2.0)
        self.w2 = tr.full((dim,), 0.25)
        self.h1 = tr.zeros((dim,))
        self.h2 = tr.zeros((dim,))

    def forward(self, x: tr.Tensor) -> float:
        p1 = mul(self.h1.partition((64,)), x, self.w1).submit()
        p2 = mul(self.h2.partition((64,)), self.h1, self.w2).submit()
        p1.wait()
        p2.wait()
        relu(self.h2.partition((64,))).sync()
        return float(self.h2.to_numpy()[0])


def main() -> None:
    print(TwoLayer(256).forward(tr.ones((256,))))


if __name__ == "__main__":
    main()
