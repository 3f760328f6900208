"""Finished requests handed to a ``ThreadPoolExecutor`` worker that detokenizes the logits
before it waits for them."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


def detokenize(logits: tr.Tensor[tr.f32], pending: tr.Pending) -> int:
    token = int(np.argmax(logits.to_numpy()))  # expect: TC102
    pending.wait()
    return token


h = vec(np.cos(np.arange(64)))
with ThreadPoolExecutor(max_workers=2) as pool:
    futures = []
    for temp in (0.5, 1.0):
        logits = tr.empty((64,))
        pending = K.scale(tiles(logits), h, 1 / temp).submit()
        futures.append(pool.submit(detokenize, logits, pending))
    print([f.result() for f in futures])  # expect-also
