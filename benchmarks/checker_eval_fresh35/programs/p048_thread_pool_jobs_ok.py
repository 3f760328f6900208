from concurrent.futures import ThreadPoolExecutor

import numpy as np
from tilekit import scale

import tilert as tr


def job(seed):
    x = tr.from_numpy(np.random.default_rng(seed).random(1024, dtype=np.float32))
    y = tr.empty((1024,))
    pending = scale(y.partition((256,)), x, 4.0).submit()
    pending.wait()
    peak = float(y.to_numpy().max())
    return seed, peak


with ThreadPoolExecutor(max_workers=2) as pool:
    futures = [pool.submit(job, s) for s in range(4)]
    for f in futures:
        print(f.result())
