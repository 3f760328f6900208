"""A `@contextmanager` opens the KV cache for editing after the attention-like read is waited."""

from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

cache = tr.ones((64,), name="cache")
query = tr.full((64,), 0.5)
scores = tr.empty((64,), name="scores")


@contextmanager
def editing(t: tr.Tensor) -> Iterator[np.ndarray]:
    staged = t.to_numpy().copy()
    yield staged
    t.copy_from(staged)


attn = K.mul(tiles(scores), cache, query).submit()
attn.wait()
with editing(cache) as rows:
    rows[:8] = 0.0
assert np.all(scores.to_numpy() == 0.5) and cache.to_numpy()[:9].tolist() == [0.0] * 8 + [1.0]
