"""embedding -> rmsnorm -> linear -> argmax submitted back to back, each reading the last
one's output while it is still in flight; waited at the end in reverse order."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, DIM, TOKENS = 16, 64, 3


def main() -> None:
    rng = np.random.default_rng(4)
    table = tr.from_numpy(rng.standard_normal((VOCAB, DIM), np.float32))
    lm_head = tr.from_numpy(rng.standard_normal((VOCAB, DIM), np.float32))
    ids = tr.from_numpy(np.array([1, 5, 7], np.int32))
    emb = tr.empty((TOKENS, DIM))
    normed = tr.empty((TOKENS, DIM))
    logits = tr.empty((TOKENS, VOCAB))
    best = tr.empty((TOKENS,), dtype=tr.i32)
    pendings = [
        tk.embedding(emb, table, ids).submit(),
        tk.rmsnorm(normed, emb, tr.ones((DIM,))).submit(),
        tk.linear(logits, normed, lm_head).submit(),
        tk.argmax(best, logits).submit(),
    ]
    for p in reversed(pendings):
        p.wait()
    ref = logits.to_numpy().argmax(axis=1)
    assert (best.to_numpy() == ref).all()
    print(best.to_numpy())


if __name__ == "__main__":
    main()
