"""Capture one decode step in a graph and replay it for a number of tokens."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

D, VOCAB, TOKENS = 64, 128, 8


def main() -> None:
    rng = np.random.default_rng(3)
    hidden = tr.from_numpy(rng.standard_normal((1, D)).astype(np.float32))
    norm_w = tr.ones((D,))
    lm_head = tr.from_numpy(rng.standard_normal((D, VOCAB)).astype(np.float32) / 8)
    normed = tr.empty((1, D))
    logits = tr.empty((1, VOCAB))
    next_id = tr.empty((1,), dtype=tr.i32)

    tk.gemm(logits, normed, lm_head).sync()  # tune once before capturing
    with tr.graph() as g:
        g.record(tk.rmsnorm(normed, hidden, norm_w))
        g.record(tk.gemm(logits, normed, lm_head))
        g.record(tk.argmax(next_id, logits))

    for _ in range(TOKENS):
        g.launch().wait()
    g.close()
    print("last token id:", int(next_id.to_numpy()[0]))


main()
