"""Overlapping a weight upload with compute: the copy goes on a side stream, the compute on the
default one. The uploaded weights are checksummed on the host before the copy is waited on."""

import numpy as np
from servekit import copy, scale_into

import tilert as tr

DIM = 128

staging = tr.from_numpy(np.linspace(-1, 1, DIM, dtype=np.float32))
weights = tr.empty((DIM,), name="weights")
acts = tr.ones((DIM,), name="acts")
out = tr.empty((DIM,), name="out")

copy_stream = tr.Stream()
upload = copy(weights.partition((64,)), staging).submit(copy_stream)
scale_into(out.partition((64,)), acts, 2.0).sync()
checksum = float(weights.to_numpy().sum())  # expect: TC102
upload.wait()
print(f"checksum {checksum:.3f}")
