"""A hot reload runs on a thread pool and copies the new weights in while the forward that reads
them is still in flight."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr

weights = upload(np.ones(64))


def reload(new: np.ndarray) -> None:
    weights.copy_from(new)  # expect: TC103


x = upload(np.arange(64))
y = tr.zeros(64)
pending = K.mul(tiles(y), x, weights).submit()
with ThreadPoolExecutor(max_workers=1) as pool:
    pool.submit(reload, np.full(64, 2.0, dtype=np.float32)).result()  # expect-also
pending.wait()
