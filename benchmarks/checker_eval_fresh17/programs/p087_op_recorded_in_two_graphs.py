"""Prefill and decode graphs share the norm op object: the decode capture records it again."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

D = 64
x = tr.ones((D,), name="x")
normed = tr.empty((D,), name="normed")
logits = tr.empty((D,), name="logits")
norm = K.scale(tiles(normed), x, 0.5)

with tr.graph() as prefill:
    prefill.record(norm)
prefill.launch().wait()
prefill.close()

with tr.graph() as decode:
    decode.record(norm)  # expect: TC110
    decode.record(K.scale(tiles(logits), normed, 2.0))
