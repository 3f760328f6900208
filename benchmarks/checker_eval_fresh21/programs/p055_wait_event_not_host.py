"""A side stream's copy, ordered before the main stream with wait_event; the host then reads the
copy's output, which wait_event does not make it safe to do."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

side = tr.Stream()
x = H.upload(np.arange(32))
staged, out = tr.zeros((32,)), tr.zeros((32,))
copy_p = K.copy(H.tiles(staged), x).submit(side)
ready = side.record()
tr.current_stream().wait_event(ready)
scale_p = K.scale(H.tiles(out), staged, 2.0).submit()
print("staged", staged.to_numpy()[:4])  # expect: TC102
scale_p.wait()
copy_p.wait()
