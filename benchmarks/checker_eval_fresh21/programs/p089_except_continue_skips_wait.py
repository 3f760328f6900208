"""A batch loop submits each request, then skips the wait with continue when the request's
stop list is malformed."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
requests = [("a", [1, 2]), ("b", "oops"), ("c", [3])]
outs = {name: tr.zeros((32,)) for name, _ in requests}
for name, stops in requests:
    pending = K.scale(H.tiles(outs[name]), x, 2.0).submit()  # expect: TC108
    try:
        stop_ids = [int(s) for s in stops]
    except ValueError:
        continue
    pending.wait()
    print(name, stop_ids, outs[name].to_numpy()[1])
