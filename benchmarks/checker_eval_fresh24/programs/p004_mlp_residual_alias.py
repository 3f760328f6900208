"""A tiny MLP block that keeps its activations on the object and adds the residual in place."""

import numpy as np
from llmbasin import add, relu, scale

import tilert as tr

D = 512
TILE = 128


class MLPBlock:
    def __init__(self, d: int, gain: float) -> None:
        self.gain = gain
        self.h = tr.zeros((d,), name="h")
        self.act = tr.zeros((d,), name="act")

    def forward(self, x: tr.Tensor) -> tr.Tensor:
        scale(self.h.partition((TILE,)), x, self.gain).sync()
        relu(self.act.partition((TILE,)), self.h).sync()
        # residual: h = h + act
        add(self.h.partition((TILE,)), self.h, self.act).sync()  # expect: TC101
        return self.h


def main() -> None:
    block = MLPBlock(D, gain=0.5)
    x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
    out = block.forward(x)  # expect-also: TC101
    print(out.to_numpy()[-4:])


if __name__ == "__main__":
    main()
