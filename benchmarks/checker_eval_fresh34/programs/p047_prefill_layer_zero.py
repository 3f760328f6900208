"""Prefill of a two-layer KV cache stored as one tensor [layers, seq, dim]: layer 0's keys are
written through a view, and a sanity check looks at the cache on the way."""

import numpy as np
from infercore import copy

import tilert as tr

LAYERS, SEQ, DIM = 2, 8, 32


def prefill_layer(cache: tr.Tensor, layer: int, keys: tr.Tensor) -> None:
    dst = cache[layer].partition((1, DIM))
    assert not np.isnan(cache.to_numpy()).any()  # expect: TC104
    copy(dst, keys).sync()


rng = np.random.default_rng(47)
cache = tr.zeros((LAYERS, SEQ, DIM), name="k_cache")
for layer in range(LAYERS):
    keys = tr.from_numpy(rng.standard_normal((SEQ, DIM)).astype(np.float32))
    prefill_layer(cache, layer, keys)  # expect-also: TC104
print("cache sum", float(cache.to_numpy().sum()))
