"""Guided decoding: the grammar's allowed-token mask is refreshed after each step's wait."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

vocab = 32
rng = np.random.default_rng(21)
scores = rng.standard_normal(vocab).astype(np.float32)
logits = upload(scores, name="logits")
allowed = tr.ones((vocab,), name="allowed")
masked = tr.zeros((vocab,), name="masked")
grammar = [set(range(0, 16)), set(range(8, 24)), set(range(16, 32))]
picked = []
for tokens in grammar:
    mask = np.zeros(vocab, dtype=np.float32)
    mask[sorted(tokens)] = 1.0
    allowed.copy_from(mask)  # the previous step's launch was waited below
    pending = K.mul(tiles(masked), logits, allowed).submit()
    pending.wait()
    picked.append(int(np.argmax(masked.to_numpy())))
    assert picked[-1] in tokens or masked.to_numpy().max() <= 0
print(picked)
