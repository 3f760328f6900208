"""Greedy decoding tail: final norm, LM head, argmax for each of a few steps."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 128, 1000


def main() -> None:
    rng = np.random.default_rng(8)
    norm_w = tr.from_numpy(np.ones(HIDDEN, dtype=np.float32))
    lm_head = tr.from_numpy((rng.standard_normal((HIDDEN, VOCAB)) * 0.05).astype(np.float32))
    h = tr.from_numpy(rng.standard_normal((1, HIDDEN)).astype(np.float32))
    normed = tr.empty((1, HIDDEN))
    logits = tr.empty((1, VOCAB))
    next_id = tr.zeros((1,), dtype=tr.i32)
    tokens = []
    for _ in range(3):
        tk.rmsnorm(normed, h, norm_w, eps=1e-6).sync()
        tk.gemm(logits, normed, lm_head).sync()
        tk.argmax(next_id, logits)  # expect: TC105
        tokens.append(int(next_id.to_numpy()[0]))
    print(tokens)


if __name__ == "__main__":
    main()
