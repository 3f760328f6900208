"""Warm-up before serving: run softmax once for every bucketed batch size so each shape is
compiled. The warm-up loop makes the ops and never runs them."""

import tilert as tr
import tilert.kernels as tk

BUCKETS = (1, 2, 4, 8)
VOCAB = 64


def warmup(buckets: tuple[int, ...]) -> None:
    for bs in buckets:
        scores = tr.zeros((bs, VOCAB))
        probs = tr.empty((bs, VOCAB))
        tk.softmax(probs, scores)  # expect: TC105


warmup(BUCKETS)  # expect-also: TC105
print("warmed", BUCKETS)
