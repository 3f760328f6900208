"""A toy mixture-of-experts step: the ops of every expert are built first (each expert scales
its own token slice into its own output buffer), then run in a loop; a debug print of the
first expert's output sits between the two."""

import numpy as np
from infercore import scale

import tilert as tr

EXPERTS, TOKENS_PER_EXPERT, HIDDEN = 4, 2, 64
rng = np.random.default_rng(14)
routed = tr.from_numpy(rng.standard_normal((EXPERTS, TOKENS_PER_EXPERT, HIDDEN)).astype(np.float32))
gates = rng.uniform(0.5, 1.5, EXPERTS)
outs = [tr.zeros((TOKENS_PER_EXPERT, HIDDEN), name=f"expert{e}") for e in range(EXPERTS)]

ops = []
for e in range(EXPERTS):
    ops.append(scale(outs[e].partition((1, HIDDEN)), routed[e], float(gates[e])))

print("expert 0 before", outs[0].to_numpy()[0, :4])  # expect: TC102
for op in ops:
    op.sync()
combined = sum(o.to_numpy() for o in outs)
print("combined", combined[:, :4])
