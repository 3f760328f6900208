"""A batch loop validates each request's stop list before it submits."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
requests = [("a", [1, 2]), ("b", "oops"), ("c", [3])]
outs = {name: tr.zeros((32,)) for name, _ in requests}
served = []
for name, stops in requests:
    try:
        stop_ids = [int(s) for s in stops]
    except ValueError:
        continue
    pending = K.scale(H.tiles(outs[name]), x, 2.0).submit()
    pending.wait()
    served.append((name, stop_ids, float(outs[name].to_numpy()[1])))
assert served == [("a", [1, 2], 2.0), ("c", [3], 2.0)]
