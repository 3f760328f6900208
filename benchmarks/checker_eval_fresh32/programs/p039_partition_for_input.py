"""Adding positional embeddings: the author partitions every tensor of the launch, inputs
included."""

import numpy as np
from llmcraft import add

import tilert as tr

SEQ = 256
TILE = 64

tok_emb = tr.from_numpy(np.random.default_rng(9).standard_normal(SEQ).astype(np.float32))
pos_emb = tr.from_numpy(np.sin(np.arange(SEQ, dtype=np.float32)))
h = tr.empty((SEQ,), name="h")

add(h.partition((TILE,)), tok_emb.partition((TILE,)), pos_emb).sync()  # expect: TC106
print(h.to_numpy()[:4])
