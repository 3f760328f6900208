"""MoE: the routed experts' ops are launched together with tr.zip, then the gate-weighted
outputs are combined on the device."""

import numpy as np
from llmcraft import add, scale

import tilert as tr

D = 256

rng = np.random.default_rng(12)
x = tr.from_numpy(rng.standard_normal(D).astype(np.float32), name="x")
top2 = [(0, 0.7), (3, 0.3)]
expert_out = [tr.empty((D,), name=f"e{i}") for i in range(len(top2))]
combined = tr.empty((D,), name="combined")

ops = [scale(out.partition((64,)), x, g) for out, (_e, g) in zip(expert_out, top2, strict=True)]
tr.zip(*ops).sync()
add(combined.partition((64,)), expert_out[0], expert_out[1]).sync()
assert np.allclose(combined.to_numpy(), x.to_numpy())
print("combined ok")
