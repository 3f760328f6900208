"""Warm-up before serving: run softmax once for every bucketed batch size so each shape is
compiled."""

import tilert as tr
import tilert.kernels as tk

BUCKETS = (1, 2, 4, 8)
VOCAB = 64


def warmup(buckets: tuple[int, ...]) -> None:
    for bs in buckets:
        scores = tr.zeros((bs, VOCAB))
        probs = tr.empty((bs, VOCAB))
        tk.softmax(probs, scores).sync()


warmup(BUCKETS)
print("warmed", BUCKETS)
