"""Expert-parallel FFN: the experts' ops are made in a list comprehension and zipped, but the
slice that zips them drops the last expert."""

import numpy as np
from llmcraft import silu

import tilert as tr

D = 128
EXPERTS = 4

rng = np.random.default_rng(17)
inputs = [tr.from_numpy(rng.standard_normal(D).astype(np.float32)) for _ in range(EXPERTS)]
outputs = [tr.empty((D,), name=f"expert{e}") for e in range(EXPERTS)]

ops = [silu(o.partition((64,)), x) for o, x in zip(outputs, inputs, strict=True)]  # expect: TC105
tr.zip(*ops[:-1]).sync()
del ops
print([float(o.to_numpy()[0]) for o in outputs[:-1]])
