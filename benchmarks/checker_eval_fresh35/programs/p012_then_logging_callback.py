import logging

import numpy as np
from tilekit import add, scale

import tilert as tr

logging.basicConfig(level=logging.INFO)
log = logging.getLogger("exp")

n = 1024
x = tr.from_numpy(np.random.default_rng(7).random(n, dtype=np.float32))
y = tr.ones((n,))
z = tr.empty((n,))
w = tr.empty((n,))


def log_and_scale(zp, *_):
    log.info("intermediate mean %.4f", z.to_numpy().mean())  # expect: TC102
    return scale(w.partition((128,)), x, 2.0)


add(z.partition((128,)), x, y).then(log_and_scale).sync()  # expect-also: TC102
print(w.to_numpy()[:3])
