"""Beam search with two score banks swapped by index each step; the read bank is waited."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

BEAM = 64
banks = [tr.ones((BEAM,)), tr.zeros((BEAM,))]
step_scores = tr.full((BEAM,), 0.5)
cur = 0
for _ in range(4):
    nxt = 1 - cur
    pend = K.add(tiles(banks[nxt]), banks[cur], step_scores).submit()
    pend.wait()
    best = int(np.argmax(banks[nxt].to_numpy()))
    cur = nxt
assert float(banks[cur].to_numpy()[best]) == 3.0
