"""A worker submits and meets the main thread at a threading.Barrier; main reads before its wait."""

import threading

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
out = tr.zeros((16,))
barrier = threading.Barrier(2)


def worker() -> None:
    pending = K.scale(tiles(out), x, 2.0).submit()
    barrier.wait()
    barrier.wait()
    pending.wait()


t = threading.Thread(target=worker)
t.start()
barrier.wait()
try:
    print(out.to_numpy()[:2])  # expect: TC102
finally:
    barrier.wait()
    t.join()
