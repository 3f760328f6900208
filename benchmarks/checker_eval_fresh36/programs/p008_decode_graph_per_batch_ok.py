"""CUDA-graph capture per batch size, as serving engines do: one graph per padded batch, captured
ahead of time, with every buffer allocated before the capture."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 64, 256
BATCH_SIZES = (1, 2, 4, 8)

lm_head = tr.from_numpy(
    (np.random.default_rng(2).standard_normal((VOCAB, HIDDEN)) * 0.05).astype(np.float32)
)
inputs = {bs: tr.zeros((bs, HIDDEN), name=f"in_{bs}") for bs in BATCH_SIZES}
logits = {bs: tr.empty((bs, VOCAB), name=f"logits_{bs}") for bs in BATCH_SIZES}
graphs: dict[int, tr.Graph] = {}

for bs in BATCH_SIZES:
    tk.linear(logits[bs], inputs[bs], lm_head).sync()  # warm the autotuner
    with tr.graph() as g:
        g.record(tk.linear(logits[bs], inputs[bs], lm_head))
    graphs[bs] = g

for step in range(3):
    bs = BATCH_SIZES[step % len(BATCH_SIZES)]
    graphs[bs].launch().wait()

for bs, g in graphs.items():
    g.close()
    print(bs, logits[bs].to_numpy().shape)
