"""Top-1 mixture of experts routed with `match`, a fresh plan per token, combined after waits."""

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

tokens = [tr.from_numpy(np.full(16, float(t + 1), np.float32)) for t in range(3)]
routes = [0, 2, 1]
outs = [tr.zeros((16,), name=f"tok{t}") for t in range(3)]
pending = []
for t, expert in enumerate(routes):
    match expert:
        case 0:
            op = K.scale(tiles(outs[t]), tokens[t], 0.5)
        case 1:
            op = K.relu(tiles(outs[t]), tokens[t])
        case _:
            op = K.add(tiles(outs[t]), tokens[t], tokens[t])
    pending.append(op.submit())
combined = tr.zeros((16,), name="combined")
for p in pending:
    p.wait()
for o in outs:
    K.accum(tiles(combined), o).sync()
np.testing.assert_allclose(combined.to_numpy(), 0.5 + 4.0 + 3.0)
