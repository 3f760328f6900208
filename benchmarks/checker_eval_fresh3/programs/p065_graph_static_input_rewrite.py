"""The CUDA-graph habit: copy the next token into the static input buffer between replays.
The graph still reads that buffer (it holds its tensors until close)."""

import numpy as np
from llmhost.kernels import relu, scale

import tilert as tr

static_in = tr.zeros((64,), name="static_in")
hidden = tr.zeros((64,))
static_out = tr.zeros((64,), name="static_out")

with tr.graph() as g:
    g.record(scale(hidden.partition((16,)), static_in, 2.0))
    g.record(relu(static_out.partition((16,)), hidden))

for token in range(3):
    static_in.copy_from(np.full(64, float(token), dtype=np.float32))  # expect: TC103
    g.launch().wait()
g.close()
