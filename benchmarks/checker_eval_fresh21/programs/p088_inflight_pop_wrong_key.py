"""In-flight work keyed by integer request id; completion pops by the string id, so one Pending
is never found and never waited."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
outs = {rid: tr.zeros((32,)) for rid in (7, 8)}
inflight: dict[object, tr.Pending] = {}
for rid, out in outs.items():
    inflight[rid] = K.scale(H.tiles(out), x, float(rid)).submit()  # expect: TC108
inflight.pop(8).wait()
finished = "7"
pending = inflight.pop(finished, None)
if pending is not None:
    pending.wait()
print(outs[8].to_numpy()[1])
inflight.clear()
