"""The end of a forward pass in functional style: final RMSNorm over the hidden states, then the
LM head. The final norm writes a buffer of its own."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

TOKENS, HIDDEN, VOCAB = 4, 64, 128


def lm_logits(hidden: tr.Tensor, norm_w: tr.Tensor, lm_head: tr.Tensor) -> tr.Tensor:
    normed = tr.empty(hidden.shape, name="normed")
    tk.rmsnorm(normed, hidden, norm_w, eps=1e-5).sync()
    logits = tr.empty((hidden.shape[0], lm_head.shape[0]), name="logits")
    tk.linear(logits, normed, lm_head).sync()
    return logits


rng = np.random.default_rng(44)
hidden = tr.from_numpy(rng.standard_normal((TOKENS, HIDDEN)).astype(np.float32))
norm_w = tr.from_numpy((1 + 0.1 * rng.standard_normal(HIDDEN)).astype(np.float32))
lm_head = tr.from_numpy((rng.standard_normal((VOCAB, HIDDEN)) * 0.1).astype(np.float32))
logits = lm_logits(hidden, norm_w, lm_head)
print("next tokens", logits.to_numpy().argmax(axis=1).tolist())
