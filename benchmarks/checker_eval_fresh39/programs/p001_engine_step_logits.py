"""A decode engine that owns its buffers and submits one step at a time; the caller samples
from the logits before the step's Pending is waited on."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

VOCAB, HIDDEN = 64, 32


class DecodeEngine:
    def __init__(self, batch: int) -> None:
        rng = np.random.default_rng(0)
        self.lm_head = tr.from_numpy(rng.standard_normal((VOCAB, HIDDEN)).astype(np.float32))
        self.hidden = tr.from_numpy(rng.standard_normal((batch, HIDDEN)).astype(np.float32))
        self.logits = tr.zeros((batch, VOCAB), name="logits")

    def step(self) -> tr.Pending:
        return tk.linear(self.logits, self.hidden, self.lm_head).submit()


engine = DecodeEngine(batch=4)
pending = engine.step()
next_tokens = np.argmax(engine.logits.to_numpy(), axis=-1)  # expect: TC102
pending.wait()
print("sampled", next_tokens.tolist())
