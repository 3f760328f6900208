"""A layer's KV rows written by one op each; the debug dump reads the first entries of the
flat view."""

from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

LAYERS, W = 3, 32
kv = tr.zeros((LAYERS, W), name="kv")
token = tr.ones((W,), name="token")
pend = [K.scale(tiles(kv[layer]), token, float(layer)).submit() for layer in range(LAYERS)]
pend[0].wait()
print("flat head", kv.reshape(-1)[:8].to_numpy())
print("flat tail", kv.reshape(-1)[-8:].to_numpy())  # expect: TC102
for p in pend[1:]:
    p.wait()
