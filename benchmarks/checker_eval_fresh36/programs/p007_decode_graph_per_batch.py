"""CUDA-graph capture per batch size, as serving engines do: one graph per padded batch, captured
ahead of time; the capture for each size allocates its logits buffer inside the with block."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 64, 256
BATCH_SIZES = (1, 2, 4, 8)

lm_head = tr.from_numpy(
    (np.random.default_rng(2).standard_normal((VOCAB, HIDDEN)) * 0.05).astype(np.float32)
)
inputs = {bs: tr.zeros((bs, HIDDEN), name=f"in_{bs}") for bs in BATCH_SIZES}
graphs: dict[int, tr.Graph] = {}
logits: dict[int, tr.Tensor] = {}

for bs in BATCH_SIZES:
    tk.linear(tr.empty((bs, VOCAB)), inputs[bs], lm_head).sync()  # warm the autotuner
    with tr.graph() as g:
        logits[bs] = tr.empty((bs, VOCAB), name=f"logits_{bs}")  # expect: TC111
        g.record(tk.linear(logits[bs], inputs[bs], lm_head))
    graphs[bs] = g

for bs, g in graphs.items():
    g.launch().wait()
    g.close()
    print(bs, logits[bs].to_numpy().shape)
