"""Warm-up ops zipped and synced; the first is submitted again for the timed run."""

import time

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr

x = tr.ones((512,))
outs = [tr.zeros((512,)) for _ in range(2)]
ops = [K.scale(tiles(o), x, 2.0) for o in outs]
tr.zip(*ops).sync()

start = time.perf_counter()
timed = ops[0].submit()  # expect: TC110
timed.wait()
print(f"{(time.perf_counter() - start) * 1e3:.3f} ms")
