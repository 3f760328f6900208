import numpy as np
from llmfjord import add

import tilert as tr

SEQ = 4096
TILE = 512

tok_emb = tr.from_numpy(np.random.default_rng(5).standard_normal(SEQ).astype(np.float32))
pos_emb = tr.from_numpy(np.sin(np.arange(SEQ, dtype=np.float32) / 100.0))
embedded = tr.empty((SEQ,), name="embedded")

# the tile grid of the inputs has to match the output's, so tile them the same way
out_tiles = embedded.partition((TILE,))
tok_tiles = tok_emb.partition((TILE,))
add(out_tiles, tok_tiles, pos_emb).sync()  # expect: TC106
print(embedded.to_numpy()[:4])
