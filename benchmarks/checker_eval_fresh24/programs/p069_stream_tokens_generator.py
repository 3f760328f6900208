"""A streaming generator that yields each step's logits to the HTTP layer as soon as possible."""

from collections.abc import Iterator

import numpy as np
from llmbasin import scale

import tilert as tr

VOCAB = 1024


def stream_logits(h: tr.Tensor, steps: int) -> Iterator[np.ndarray]:
    logits = tr.empty((VOCAB,), name="logits")
    for step in range(steps):
        pending = scale(logits.partition((256,)), h, 1.0 + step).submit()
        yield logits.to_numpy()  # expect: TC102
        pending.wait()


def main() -> None:
    h = tr.from_numpy(np.random.default_rng(19).standard_normal(VOCAB).astype(np.float32))
    for chunk in stream_logits(h, 3):  # expect-also: TC102
        print(int(chunk.argmax()))


if __name__ == "__main__":
    main()
