"""Sampling chained after the LM head with `.then`; the metric is read from the logits once the
chain has run."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 40, 16
metrics: dict[str, float] = {}

rng = np.random.default_rng(5)
lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
hidden = tr.from_numpy(rng.standard_normal((2, HIDDEN)).astype(np.float32))
logits = tr.empty((2, VOCAB), name="logits")
tokens = tr.zeros((2,), dtype=tr.i32, name="tokens")


def sample(*_: object) -> tr.Op:
    return tk.argmax(tokens, logits)


tk.linear(logits, hidden, lm_head).then(sample).sync()
metrics["max_logit"] = float(logits.to_numpy().max())
print(tokens.to_numpy(), metrics)
