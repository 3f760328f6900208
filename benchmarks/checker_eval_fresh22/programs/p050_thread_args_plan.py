"""A background warm-up thread whose launch arguments are prepared before it starts."""

import threading

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

weights = upload(np.full(1024, 0.02), name="weights")
kv = tr.zeros((1024,), name="kv_cache")
warm = threading.Thread(
    target=lambda part, src: K.scale(part, src, 0.0).sync(), args=(tiles(kv), weights)
)
print("cache bytes before warm-up:", kv.to_numpy().nbytes)  # expect: TC104
warm.start()
warm.join()
