"""In-flight work keyed by request id: a retry submits under the same key, dropping the first."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr

x = upload(np.arange(16))
outs = {"r1": tr.zeros((16,)), "r2": tr.zeros((16,))}
retried = {"r1": tr.zeros((16,))}
inflight: dict[str, tr.Pending] = {}
for req in ("r1", "r2"):
    inflight[req] = K.scale(tiles(outs[req]), x, 2.0).submit()  # expect: TC108
inflight["r1"] = K.scale(tiles(retried["r1"]), x, 3.0).submit()
for pending in inflight.values():
    pending.wait()
print(outs["r2"].to_numpy()[1])
