"""Prefill front end: embedding lookup, then rotary embedding on the query heads."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, SEQ, HEADS, HEAD_DIM = 100, 8, 2, 32


def main() -> None:
    rng = np.random.default_rng(22)
    table = tr.from_numpy(rng.standard_normal((VOCAB, HEADS * HEAD_DIM)).astype(np.float32))
    ids = tr.from_numpy(rng.integers(0, VOCAB, SEQ).astype(np.int32))
    positions = tr.from_numpy(np.arange(SEQ, dtype=np.int32))
    emb = tr.empty((SEQ, HEADS * HEAD_DIM), name="emb")
    q_rot = tr.empty((SEQ, HEADS, HEAD_DIM), name="q_rot")
    tk.embedding(emb, table, ids).sync()
    tk.rope(q_rot, emb.reshape(SEQ, HEADS, HEAD_DIM), positions).sync()
    print(q_rot.to_numpy().shape)


if __name__ == "__main__":
    main()
