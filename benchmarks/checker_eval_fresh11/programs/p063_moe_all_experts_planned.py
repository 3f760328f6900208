"""A mixture-of-experts router builds every expert's op and runs only the routed ones."""

import numpy as np
from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

EXPERTS, N = 4, 128
x = tr.arange(N)
outs = [tr.zeros((N,), name=f"expert{e}") for e in range(EXPERTS)]
gates = np.array([0.1, 0.6, 0.05, 0.25])
routed = set(np.argsort(gates)[-2:].tolist())

pairs = zip(outs, gates, strict=True)
expert_ops = [K.scale(tiles(o), x, float(g)) for o, g in pairs]  # expect: TC105
for e, op in enumerate(expert_ops):
    if e in routed:
        op.sync()
expert_ops = []
print(sorted(routed))
