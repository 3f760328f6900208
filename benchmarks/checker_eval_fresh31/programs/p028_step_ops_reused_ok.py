"""Build the ops of one training step, then run the step for each epoch."""

import numpy as np
from llmforge import add, scale

import tilert as tr

N = 512
EPOCHS = 2


def make_step(h: tr.Tensor, out: tr.Tensor, x: tr.Tensor) -> tr.Op:
    first = scale(h.partition((128,)), x, 0.5)
    return first.then(lambda *_: add(out.partition((128,)), h, x))


def main() -> None:
    x = tr.from_numpy(np.arange(N, dtype=np.float32))
    h = tr.empty((N,))
    out = tr.empty((N,))
    for epoch in range(EPOCHS):
        make_step(h, out, x).sync()
        print(f"epoch {epoch}: out[-1] = {float(out.to_numpy()[-1])}")


main()
