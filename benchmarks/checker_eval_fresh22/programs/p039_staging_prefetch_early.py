"""Training input pipeline: double-buffered staging, the next batch copied in during compute."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr

rng = np.random.default_rng(3)
batches = [rng.standard_normal(128).astype(np.float32) for _ in range(4)]
staging = [tr.zeros((128,), name=f"stage{i}") for i in range(2)]
acts = [tr.zeros((128,), name=f"act{i}") for i in range(2)]
staging[0].copy_from(batches[0])
prev: tr.Pending | None = None
totals = []
for step in range(len(batches)):
    _, slot = divmod(step, 2)
    pending = K.relu(tiles(acts[slot]), staging[slot]).submit()
    if step + 1 < len(batches):
        staging[1 - slot].copy_from(batches[step + 1])  # expect: TC103
    if prev is not None:
        prev.wait()
        totals.append(float(acts[1 - slot].to_numpy().sum()))
    prev = pending
if prev is not None:
    prev.wait()
print(totals)
