"""A decode generator that waits for each step before yielding its logits."""

from collections.abc import Iterator

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def decode(h: tr.Tensor, steps: int) -> Iterator[tr.Tensor]:
    for t in range(steps):
        logits = tr.zeros(h.shape)
        pend = K.scale(tiles(logits), h, float(t + 1)).submit()
        pend.wait()
        yield logits


def main() -> None:
    h = tr.ones((128,))
    peaks = [float(logits.to_numpy().max()) for logits in decode(h, 3)]
    assert peaks == [1.0, 2.0, 3.0]


if __name__ == "__main__":
    main()
