"""A token-embedding prefetcher that trims its window with `del inflight[:-2]`."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

table = upload(np.random.default_rng(1).standard_normal(256))
inflight: list[tuple[int, tr.Tensor, tr.Pending]] = []
done: list[float] = []
for batch in range(5):
    buf = tr.zeros((256,), name=f"emb{batch}")
    load = K.scale(tiles(buf), table, float(batch)).submit()  # expect: TC108
    inflight.append((batch, buf, load))
    if len(inflight) > 2:
        del inflight[:-2]  # keep at most two batches in flight
for _batch, buf, pending in inflight:
    pending.wait()
    done.append(float(buf.to_numpy().sum()))
print(done)
