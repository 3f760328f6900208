import numpy as np
from llmfjord import add

import tilert as tr

SEQ = 4096
TILE = 512

tok_emb = tr.from_numpy(np.random.default_rng(5).standard_normal(SEQ).astype(np.float32))
pos_emb = tr.from_numpy(np.sin(np.arange(SEQ, dtype=np.float32) / 100.0))
embedded = tr.empty((SEQ,), name="embedded")

# only the output is tiled; the kernel loads the inputs' tile at the output's index
out_tiles = embedded.partition((TILE,))
add(out_tiles, tok_emb, pos_emb).sync()
print(embedded.to_numpy()[:4])
