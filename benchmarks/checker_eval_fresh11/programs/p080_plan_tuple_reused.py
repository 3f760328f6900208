"""A pair of planned partitions in a tuple, used by a zip and then again for the next step."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

a, b = tr.zeros((128,)), tr.zeros((128,))
x = tr.arange(128)
plan = (tiles(a), tiles(b))
for _ in range(2):
    pa, pb = plan
    tr.zip(K.scale(pa, x, 1.0), K.scale(pb, x, 2.0)).sync()  # expect: TC109
