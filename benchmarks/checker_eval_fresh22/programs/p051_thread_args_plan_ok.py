"""A background warm-up thread that partitions the cache itself once it runs."""

import threading

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

weights = upload(np.full(1024, 0.02), name="weights")
kv = tr.zeros((1024,), name="kv_cache")
warm = threading.Thread(
    target=lambda dst, src: K.scale(tiles(dst), src, 0.0).sync(), args=(kv, weights)
)
print("cache bytes before warm-up:", kv.to_numpy().nbytes)
warm.start()
warm.join()
assert kv.to_numpy().sum() == 0.0
