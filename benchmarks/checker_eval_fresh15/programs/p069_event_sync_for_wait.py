"""A side-stream launch; the host synchronizes on a recorded event and reads, never waiting."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

x = vec(np.arange(32))
out = tr.zeros((32,))
side = tr.Stream()
pending = K.scale(tiles(out), x, 2.0).submit(side)
marker = side.record()
marker.synchronize()
head = out.to_numpy()[:4]  # expect: TC102
pending.wait()
print(head)
