import numpy as np
from llmfjord import scale

import tilert as tr

temperatures = [0.7, 1.0, 1.3]
logits = tr.from_numpy(np.random.default_rng(0).standard_normal(8192).astype(np.float32))
scaled = [tr.empty((8192,), name=f"scaled_t{t}") for t in temperatures]

pairs = list(zip(scaled, temperatures, strict=True))
ops = [scale(o.partition((2048,)), logits, 1.0 / t) for o, t in pairs]
for op in ops:
    op.sync()
del ops
print([float(s.to_numpy().max()) for s in scaled])
