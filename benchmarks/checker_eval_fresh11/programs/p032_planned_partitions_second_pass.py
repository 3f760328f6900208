"""Partitions planned in a comprehension, then used by a second pass."""

from llmkit import kernels as K

import tilert as tr

outs = [tr.zeros((256,)) for _ in range(3)]
plans = [o.partition((64,)) for o in outs]
x = tr.arange(256)
for plan in plans:
    K.copy(plan, x).sync()
for plan in plans:
    K.scale_(plan, 2.0).sync()  # expect: TC109
