"""A batch dataclass carries its logits and the Pending that computes them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmserve.kernels import softmax_rows

import tilert as tr

VOCAB = 128


@dataclass
class Batch:
    scores: tr.Tensor
    probs: tr.Tensor
    pending: tr.Pending | None = None


def launch(batch: Batch) -> Batch:
    batch.pending = softmax_rows(batch.probs.partition((1, VOCAB)), batch.scores).submit()
    return batch


def sample(batch: Batch) -> np.ndarray:
    return batch.probs.to_numpy().argmax(axis=1)  # expect: TC102


def main() -> None:
    rows = 3
    scores = tr.from_numpy(np.random.default_rng(0).standard_normal((rows, VOCAB), np.float32))
    batch = launch(Batch(scores=scores, probs=tr.zeros((rows, VOCAB))))
    tokens = sample(batch)  # expect-also
    assert batch.pending is not None
    batch.pending.wait()
    print(tokens)


if __name__ == "__main__":
    main()
