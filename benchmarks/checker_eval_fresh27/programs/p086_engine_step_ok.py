"""A minimal greedy-decoding engine: embedding, RMSNorm, LM head and argmax per step."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

import tilert as tr
import tilert.kernels as tk


@dataclass
class Engine:
    vocab: int
    hidden: int
    seed: int = 0
    table: tr.Tensor = field(init=False)
    norm_w: tr.Tensor = field(init=False)
    lm_head: tr.Tensor = field(init=False)

    def __post_init__(self) -> None:
        rng = np.random.default_rng(self.seed)
        self.table = tr.from_numpy(
            rng.standard_normal((self.vocab, self.hidden)).astype(np.float32)
        )
        self.norm_w = tr.ones((self.hidden,))
        w = rng.standard_normal((self.hidden, self.vocab)) / self.hidden**0.5
        self.lm_head = tr.from_numpy(w.astype(np.float32))

    def step(self, token_ids: list[int]) -> list[int]:
        n = len(token_ids)
        ids = tr.from_numpy(np.array(token_ids, dtype=np.int32))
        h = tr.empty((n, self.hidden))
        normed = tr.empty((n, self.hidden))
        logits = tr.empty((n, self.vocab))
        next_ids = tr.empty((n,), dtype=tr.i32)
        tk.embedding(h, self.table, ids).sync()
        tk.rmsnorm(normed, h, self.norm_w).sync()
        tk.gemm(logits, normed, self.lm_head).then(lambda *_: tk.argmax(next_ids, logits)).sync()
        return next_ids.to_numpy().tolist()


engine = Engine(vocab=256, hidden=64)
tokens = [1, 2, 3]
for _ in range(3):
    tokens = engine.step(tokens)
    print(tokens)
