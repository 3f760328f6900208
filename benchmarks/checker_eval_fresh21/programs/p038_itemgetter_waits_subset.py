"""operator.itemgetter picks the Pendings to wait; the middle request is left out, then every
output is summed."""

from operator import itemgetter

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = [tr.zeros((32,)) for _ in range(3)]
pendings = [K.scale(H.tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
H.wait_all(itemgetter(0, 2)(pendings))
totals = [float(o.to_numpy().sum()) for o in outs]  # expect: TC102
H.wait_all(pendings)
