"""Logits are converted to f16 for the sampler while the softmax is still in flight."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import softmax_rows

import tilert as tr

ROWS, VOCAB = 2, 64


def main() -> None:
    scores = tr.from_numpy(np.random.default_rng(6).standard_normal((ROWS, VOCAB), np.float32))
    probs = tr.empty((ROWS, VOCAB))
    pending = softmax_rows(probs.partition((1, VOCAB)), scores).submit()
    half = probs.astype(tr.f16)  # expect: TC102
    pending.wait()
    print(half.to_numpy().sum(axis=1))


if __name__ == "__main__":
    main()
