"""A token-embedding prefetcher that trims its window, waiting what it drops."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

host_table = np.random.default_rng(1).standard_normal(256).astype(np.float32)
table = upload(host_table)
inflight: list[tuple[int, tr.Tensor, tr.Pending]] = []
done: dict[int, float] = {}
for batch in range(5):
    buf = tr.zeros((256,), name=f"emb{batch}")
    load = K.scale(tiles(buf), table, float(batch)).submit()
    inflight.append((batch, buf, load))
    if len(inflight) > 2:
        for old, old_buf, old_pending in inflight[:-2]:
            old_pending.wait()
            done[old] = float(old_buf.to_numpy().sum())
        del inflight[:-2]
for batch, buf, pending in inflight:
    pending.wait()
    done[batch] = float(buf.to_numpy().sum())
for batch, total in done.items():
    assert abs(total - batch * float(host_table.sum())) < 1e-3
