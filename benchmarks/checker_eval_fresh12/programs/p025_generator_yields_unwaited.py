"""A decode generator that yields each step's logits before waiting for the step."""

from collections.abc import Iterator

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def decode(h: tr.Tensor, steps: int) -> Iterator[tr.Tensor]:
    for t in range(steps):
        logits = tr.zeros(h.shape)
        pend = K.scale(tiles(logits), h, float(t + 1)).submit()
        yield logits
        pend.wait()


def main() -> None:
    h = tr.ones((128,))
    for step, logits in enumerate(decode(h, 3)):
        print(step, float(logits.to_numpy().argmax()))  # expect: TC102


if __name__ == "__main__":
    main()
