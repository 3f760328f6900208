"""Prefetch helper returns a Pending; every prefetch is waited before the first read."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles, wait_all

import tilert as tr

weights = np.arange(4 * 64, dtype=np.float32).reshape(4, 64)
staging = [tr.empty((64,), name=f"w{i}") for i in range(4)]


def prefetch(dst: tr.Tensor, row: np.ndarray) -> tr.Pending:
    return K.copy(tiles(dst), tr.from_numpy(row)).submit()


pendings = [prefetch(s, w) for s, w in zip(staging, weights, strict=True)]
wait_all(pendings)
assert np.array_equal(staging[1].to_numpy(), weights[1])
print(staging[1].to_numpy()[:3])
