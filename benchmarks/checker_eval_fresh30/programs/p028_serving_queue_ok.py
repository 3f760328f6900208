"""A toy serving loop: requests arrive in a queue, are batched, run, and answered."""

from collections import deque
from dataclasses import dataclass

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, D = 64, 16
rng = np.random.default_rng(21)
embed_table = tr.from_numpy(rng.standard_normal((VOCAB, D)).astype(np.float32))
unembed = tr.from_numpy(rng.standard_normal((D, VOCAB)).astype(np.float32))


@dataclass
class Request:
    rid: int
    token: int


def step(batch: list[Request]) -> list[int]:
    ids = tr.from_numpy(np.array([r.token for r in batch], dtype=np.int32))
    h = tr.empty((len(batch), D))
    logits = tr.empty((len(batch), VOCAB))
    next_ids = tr.empty((len(batch),), dtype=tr.i32)
    tk.embedding(h, embed_table, ids).sync()
    tk.gemm(logits, h, unembed).sync()
    tk.argmax(next_ids, logits).sync()
    return [int(t) for t in next_ids.to_numpy()]


queue = deque(Request(i, (7 * i) % VOCAB) for i in range(10))
answers: dict[int, int] = {}
while queue:
    batch = [queue.popleft() for _ in range(min(4, len(queue)))]
    for req, tok in zip(batch, step(batch), strict=True):
        answers[req.rid] = tok
print(answers)
