"""Greedy decoding step; an argmax op built for a debug print is never run."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, DIM = 32, 64
DEBUG = False


def step(hidden: tr.Tensor, lm_head: tr.Tensor) -> np.ndarray:
    logits = tr.empty((1, VOCAB))
    tk.linear(logits, hidden, lm_head).sync()
    probs = tr.empty((1, VOCAB))
    best = tr.empty((1,), dtype=tr.i32)
    debug = tk.argmax(best, logits)  # expect: TC105
    tk.softmax(probs, logits).sync()
    if DEBUG:
        debug.sync()
    return probs.to_numpy()


def main() -> None:
    hidden = tr.ones((1, DIM))
    lm_head = tr.from_numpy(np.random.default_rng(3).standard_normal((VOCAB, DIM), np.float32))
    print(step(hidden, lm_head).argmax())


if __name__ == "__main__":
    main()
