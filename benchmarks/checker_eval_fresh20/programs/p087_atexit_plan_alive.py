"""A final flush registered with atexit keeps the buffer's plan alive; a read comes before it."""

import atexit

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import upload

import tilert as tr

stats = tr.zeros((32,))
atexit.register(lambda plan: K.fill(plan, 0.0).sync(), stats.partition((8,)))
x = upload(np.arange(32))
print("stats:", np.asarray(stats).sum())  # expect: TC104
