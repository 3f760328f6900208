"""Q, K and V projections launched as one op with tr.zip."""

import numpy as np
from llmbasin import scale

import tilert as tr

D = 1024

x = tr.from_numpy(np.random.default_rng(15).standard_normal(D).astype(np.float32))
q, k, v = (tr.empty((D,), name=n) for n in ("q", "k", "v"))
tr.zip(
    scale(q.partition((256,)), x, 0.1),
    scale(k.partition((256,)), x, 0.2),
    scale(v.partition((256,)), x, 0.3),
).sync()
print([float(t.to_numpy()[0]) for t in (q, k, v)])
