"""MoE dispatch: one op per expert is built up front in a dict, but only the experts that
received tokens are run; the idle expert's op is never run."""

import numpy as np
from llmcraft import scale

import tilert as tr

D = 128
NUM_EXPERTS = 4

rng = np.random.default_rng(3)
tokens = tr.from_numpy(rng.standard_normal(D).astype(np.float32))
expert_out = {e: tr.zeros((D,), name=f"expert{e}") for e in range(NUM_EXPERTS)}
gates = [0.6, 0.4, 0.0, 0.0]

routed = [e for e in range(NUM_EXPERTS) if gates[e] > 0]
ops = {}
for e in range(NUM_EXPERTS):
    ops[e] = scale(expert_out[e].partition((64,)), tokens, gates[e])  # expect: TC105

for e in routed:
    ops[e].sync()
ops.clear()

combined = sum(expert_out[e].to_numpy() for e in routed)
print("combined norm", float(np.linalg.norm(combined)))
