"""A `@contextmanager` opens the KV cache for editing while an attention-like read is in flight."""

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
    t.copy_from(staged)  # expect: TC103


attn = K.mul(tiles(scores), cache, query).submit()
with editing(cache) as rows:  # expect-also
    rows[:8] = 0.0
attn.wait()
