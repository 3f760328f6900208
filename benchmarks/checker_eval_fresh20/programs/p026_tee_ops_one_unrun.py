"""itertools.tee over a generator of ops: one copy lists the labels, the
other syncs two of the three ops."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(3)]


def ops():
    for i, out in enumerate(outs):
        yield K.scale(tiles(out), x, float(i))  # expect: TC105


a, b = itertools.tee(ops())
planned = [op.label for op in a]
for op in itertools.islice(b, 2):
    op.sync()
del a, b
print(planned, outs[1].to_numpy()[:2])
