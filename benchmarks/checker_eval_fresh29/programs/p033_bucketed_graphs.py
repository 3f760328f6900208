"""vLLM-style CUDA graphs per batch-size bucket: capture, replay for the bucket's steps; the
graph is closed only after the loop, and each replay's Pending is left to the collector."""

import numpy as np
from llmreef import add, copy, relu

import tilert as tr

BUCKETS = (64, 128, 256)
graphs = []

for size in BUCKETS:
    hidden = tr.full((size,), 0.5, name=f"hidden{size}")
    bias = tr.full((size,), -0.25, name=f"bias{size}")
    tmp = tr.empty((size,), name=f"tmp{size}")
    act = tr.empty((size,), name=f"act{size}")
    with tr.graph() as g:
        g.record(add(tmp.partition((64,)), hidden, bias))
        g.record(relu(act.partition((64,)), tmp))
        g.record(copy(hidden.partition((64,)), act))
    for _ in range(3):
        g.launch().wait()
    g.launch()  # expect: TC108
    graphs.append((g, hidden))

for g, hidden in graphs:
    g.close()
    print(float(np.sum(hidden.to_numpy())))
