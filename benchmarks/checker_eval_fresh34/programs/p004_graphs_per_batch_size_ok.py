"""CUDA graphs captured once per batch size, as serving engines do for decode: each graph runs
the LM head and greedy sampling for a padded batch, and requests replay the graph of the
smallest size that fits."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

HIDDEN, VOCAB = 64, 256
BATCH_SIZES = (1, 2, 4, 8)

rng = np.random.default_rng(4)
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, HIDDEN)) * 0.1).astype(np.float32))

graphs: dict[int, tr.Graph] = {}
inputs: dict[int, tr.Tensor] = {}
tokens: dict[int, tr.Tensor] = {}
for bs in BATCH_SIZES:
    inputs[bs] = tr.zeros((bs, HIDDEN), name=f"hidden_bs{bs}")
    tokens[bs] = tr.zeros((bs,), dtype=tr.i32, name=f"tokens_bs{bs}")
    tk.linear(tr.empty((bs, VOCAB)), inputs[bs], lm_head).sync()  # warm up the tuner
    logits = tr.empty((bs, VOCAB), name=f"logits_bs{bs}")
    with tr.graph() as g:
        g.record(tk.linear(logits, inputs[bs], lm_head))
        g.record(tk.argmax(tokens[bs], logits))
    graphs[bs] = g

for bs in BATCH_SIZES:
    graphs[bs].launch().wait()
for g in graphs.values():
    g.close()
print({bs: tokens[bs].to_numpy().tolist() for bs in BATCH_SIZES})
