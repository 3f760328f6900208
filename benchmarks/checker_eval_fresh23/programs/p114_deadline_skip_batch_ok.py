import time

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

# expired requests are dropped before the batch's ops are made
now = time.monotonic()
requests = [("r0", now + 60.0), ("r1", now - 1.0), ("r2", now + 60.0)]
x = tr.from_numpy(np.ones(256, dtype=np.float32))
outs = {rid: tr.empty((256,), name=rid) for rid, _ in requests}
live = [(rid, d) for rid, d in requests if time.monotonic() <= d]
batch = [(rid, scale(tiles(outs[rid]), x, 1.5)) for rid, _ in live]
served = []
for rid, op in batch:
    op.sync()
    served.append(rid)
assert served == ["r0", "r2"] and float(outs["r2"].to_numpy()[0]) == 1.5
