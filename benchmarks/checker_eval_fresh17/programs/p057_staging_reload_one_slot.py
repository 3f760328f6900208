"""Load -> compute pipeline: one staging buffer is reloaded while the previous compute still
reads it."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles, upload

import tilert as tr

chunks = np.arange(4 * 64, dtype=np.float32).reshape(4, 64)
staging = tr.empty((64,), name="staging")
outs = [tr.empty((64,), name=f"out{i}") for i in range(4)]
computes = []
for i, chunk in enumerate(chunks):
    upload(staging, chunk).wait()  # expect: TC103
    computes.append(K.scale(tiles(outs[i]), staging, 2.0).submit())
for p in computes:
    p.wait()
