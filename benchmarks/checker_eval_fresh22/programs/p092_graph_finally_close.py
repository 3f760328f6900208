"""A benchmark script that closes its graph in `finally` and checks the output in the `try`."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr

x = upload(np.arange(256))
y = tr.zeros((256,), name="y")
with tr.graph() as g:
    g.record(K.scale(tiles(y), x, 0.5))
try:
    for _ in range(3):
        g.launch().wait()
    assert float(y.to_numpy()[2]) == 1.0  # expect: TC102
finally:
    g.close()
print("ok")
