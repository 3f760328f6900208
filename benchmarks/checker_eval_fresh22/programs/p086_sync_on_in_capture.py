"""Capturing a decode step; the KV write is run on the copy stream 'to overlap it'."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

copy_stream = tr.Stream()
hidden = upload(np.linspace(0, 1, 256))
kv_row = tr.zeros((256,), name="kv_row")
logits = tr.zeros((256,), name="logits")
with tr.graph() as g:
    g.record(K.scale(tiles(logits), hidden, 2.0))
    K.copy(tiles(kv_row), hidden).sync_on(copy_stream)  # expect: TC111
g.launch().wait()
g.close()
print(logits.to_numpy()[-1])
