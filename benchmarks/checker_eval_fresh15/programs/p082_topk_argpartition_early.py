"""Top-k sampling: np.argpartition over the logits before the lm-head's wait."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

rng = np.random.default_rng(7)
hidden = vec(rng.standard_normal(128))
logits = tr.zeros((128,))
pending = K.scale(tiles(logits), hidden, 1.0 / 0.7).submit()
k = 8
top = np.argpartition(logits.to_numpy(), -k)[-k:]  # expect: TC102
pending.wait()
print(sorted(top.tolist()))
