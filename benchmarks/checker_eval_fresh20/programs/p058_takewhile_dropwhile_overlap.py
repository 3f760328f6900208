"""Warm-up ops taken with takewhile(<= 1), the rest with dropwhile(< 1): layer 1 is in both."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(3)]
layers = [(i, K.scale(tiles(o), x, float(i))) for i, o in enumerate(outs)]
for _, op in itertools.takewhile(lambda item: item[0] <= 1, layers):
    op.sync()
for _, op in itertools.dropwhile(lambda item: item[0] < 1, layers):
    op.sync()  # expect: TC110
