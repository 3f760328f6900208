import time

import numpy as np
from llmpress.host import tiles
from llmpress.kernels import scale

import tilert as tr

# each queued request gets its op when the batch forms; expired ones are skipped
now = time.monotonic()
requests = [("r0", now + 60.0), ("r1", now - 1.0), ("r2", now + 60.0)]
x = tr.from_numpy(np.ones(256, dtype=np.float32))
outs = {rid: tr.empty((256,), name=rid) for rid, _ in requests}
batch = [(rid, dl, scale(tiles(outs[rid]), x, 1.5)) for rid, dl in requests]  # expect: TC105
served = []
for rid, deadline, op in batch:
    if time.monotonic() > deadline:
        print("expired", rid)
        continue
    op.sync()
    served.append(rid)
batch.clear()
print(served)
