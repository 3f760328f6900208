"""The final RMSNorm before the LM head, written to its own buffer with tilert.kernels, then
the LM head projection with tk.linear."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, D, VOCAB = 4, 256, 128

rng = np.random.default_rng(15)
hidden = tr.from_numpy(rng.standard_normal((TOKENS, D)).astype(np.float32), name="hidden")
final_norm = tr.from_numpy(np.ones(D, dtype=np.float32), name="final_norm")
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, D)) / 16).astype(np.float32), name="lm_head")
normed = tr.empty((TOKENS, D), name="normed")
logits = tr.empty((TOKENS, VOCAB), name="logits")

tk.rmsnorm(normed, hidden, final_norm, eps=1e-6).sync()
tk.linear(logits, normed, lm_head).sync()
print(logits.to_numpy().argmax(axis=1))
