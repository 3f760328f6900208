"""Beam search with per-beam score buffers in two banks; each step writes the next bank from
the current one, waits every beam, then swaps the bank indices."""

import numpy as np
from llmweave.kernels import axpy, copy

import tilert as tr

BEAMS = 3
banks = [[tr.zeros((64,)) for _ in range(BEAMS)] for _ in range(2)]
step_scores = [tr.full((64,), float(b + 1)) for b in range(BEAMS)]
cur, nxt = 0, 1
for step in range(4):
    flights = []
    for b in range(BEAMS):
        parent = (b + step) % BEAMS
        flights.append(copy(banks[nxt][b].partition((16,)), banks[cur][parent]).submit())
    for f in flights:
        f.wait()
    for b in range(BEAMS):
        axpy(banks[nxt][b].partition((16,)), step_scores[b], 1.0).sync()
    cur, nxt = nxt, cur
best = max(range(BEAMS), key=lambda b: float(banks[cur][b].to_numpy()[0]))
assert np.isfinite(banks[cur][best].to_numpy()).all()
print("best beam", best)
