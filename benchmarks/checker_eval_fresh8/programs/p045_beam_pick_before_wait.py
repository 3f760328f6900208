"""Beam search that picks the best beam from the new scores before the step is waited."""

from llmweave.kernels import axpy

import tilert as tr

BEAMS = 3
scores = [tr.zeros((64,)) for _ in range(BEAMS)]
bonus = [tr.full((64,), float(b)) for b in range(BEAMS)]
for step in range(2):
    flights = {b: axpy(scores[b].partition((16,)), bonus[b], 1.0).submit() for b in range(BEAMS)}
    best = max(range(BEAMS), key=lambda b: float(scores[b].to_numpy()[0]))  # expect: TC102
    for f in flights.values():
        f.wait()
    print(step, best)
