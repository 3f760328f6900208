"""takewhile(done()) counts the Pendings already finished; every Pending is waited before reads."""

import itertools

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = [tr.zeros((16,)) for _ in range(3)]
pendings = [K.scale(tiles(o), x, float(i)).submit() for i, o in enumerate(outs)]
ready = sum(1 for _ in itertools.takewhile(lambda p: p.done(), pendings))
for pending in pendings:
    pending.wait()
assert 0 <= ready <= 3
assert [float(o.to_numpy()[1]) for o in outs] == [0.0, 1.0, 2.0]
