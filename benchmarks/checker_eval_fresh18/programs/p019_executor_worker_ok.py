"""Finished requests handed to a ``ThreadPoolExecutor`` worker that waits each Pending before
it detokenizes."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def detokenize(logits: tr.Tensor[tr.f32], pending: tr.Pending) -> int:
    pending.wait()
    return int(np.argmax(logits.to_numpy()))


raw = np.cos(np.arange(64)).astype(np.float32)
h = vec(raw)
with ThreadPoolExecutor(max_workers=2) as pool:
    futures = []
    for temp in (0.5, 1.0):
        logits = tr.empty((64,))
        pending = K.scale(tiles(logits), h, 1 / temp).submit()
        futures.append(pool.submit(detokenize, logits, pending))
    tokens = [f.result() for f in futures]
assert tokens == [int(np.argmax(raw))] * 2
