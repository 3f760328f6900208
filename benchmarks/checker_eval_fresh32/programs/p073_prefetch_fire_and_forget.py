"""Weight prefetching for the next layer, written fire-and-forget: the helper submits the copy
into the staging buffer and keeps nothing to wait on."""

import numpy as np
from llmcraft import copy, mul

import tilert as tr

D = 256
LAYERS = 3


def prefetch(staging: tr.Tensor, weights: tr.Tensor) -> None:
    copy(staging.partition((128,)), weights).submit()  # expect: TC108


rng = np.random.default_rng(19)
layer_weights = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(LAYERS)]
staging = tr.empty((D,), name="staging")
x = tr.ones((D,), name="x")
out = tr.empty((D,), name="out")

prefetch(staging, layer_weights[0])  # expect-also: TC108
mul(out.partition((128,)), staging, x).sync()
print(out.to_numpy()[:2])
