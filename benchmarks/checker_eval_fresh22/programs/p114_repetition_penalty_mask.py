"""Repetition penalty: a per-token penalty mask refreshed from the generated ids each step."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

vocab = 64
rng = np.random.default_rng(12)
logits = upload(rng.standard_normal(vocab), name="logits")
penalty = tr.ones((vocab,), name="penalty")
penalised = tr.zeros((vocab,), name="penalised")
generated: list[int] = []
for _step in range(3):
    pending = K.mul(tiles(penalised), logits, penalty).submit()
    mask = np.ones(vocab, dtype=np.float32)
    mask[generated] = 0.8
    penalty.copy_from(mask)  # expect: TC103
    pending.wait()
    generated.append(int(np.argmax(penalised.to_numpy())))
print(generated)
