"""Prefetch helper returns a Pending; the warm-up comprehension throws the list away."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

weights = np.arange(4 * 64, dtype=np.float32).reshape(4, 64)
staging = [tr.empty((64,), name=f"w{i}") for i in range(4)]


def prefetch(dst: tr.Tensor, row: np.ndarray) -> tr.Pending:
    return K.copy(tiles(dst), tr.from_numpy(row)).submit()  # expect: TC108


[prefetch(s, w) for s, w in zip(staging, weights, strict=True)]  # expect-also
print(staging[1].to_numpy()[:3])
