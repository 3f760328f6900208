"""Speculative decoding: the draft's tokens are compared with the target's argmax before the
target's argmax is waited."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
draft_logits = upload(rng.standard_normal((4, 64)))
target_logits = upload(rng.standard_normal((4, 64)))
draft_tok = tr.zeros(4, tr.i32)
target_tok = tr.zeros(4, tr.i32)
tk.argmax(draft_tok, draft_logits).sync()
pending = tk.argmax(target_tok, target_logits).submit()
match = draft_tok.to_numpy() == target_tok.to_numpy()  # expect: TC102
pending.wait()
accepted = int(np.cumprod(match).sum())
print(accepted)
