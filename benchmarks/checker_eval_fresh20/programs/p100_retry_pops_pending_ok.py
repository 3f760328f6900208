"""In-flight work keyed by request id: a retry pops and waits the old Pending, then resubmits."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = {"r1": tr.zeros((16,)), "r2": tr.zeros((16,))}
inflight: dict[str, tr.Pending] = {}
for req in ("r1", "r2"):
    inflight[req] = K.scale(tiles(outs[req]), x, 2.0).submit()
old = inflight.pop("r1")
old.wait()
inflight["r1"] = K.scale(tiles(outs["r1"]), x, 3.0).submit()
while inflight:
    _, pending = inflight.popitem()
    pending.wait()
assert outs["r1"].to_numpy()[1] == 3.0 and outs["r2"].to_numpy()[1] == 2.0
