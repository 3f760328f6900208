"""Speculative decoding: both argmaxes in flight together, the draft logits read meanwhile
(only read), the acceptance computed after the waits."""

from __future__ import annotations

import numpy as np
from llmfern.host import upload

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(7)
dl = rng.standard_normal((4, 64)).astype(np.float32)
tl_ = dl.copy()
tl_[2] = -tl_[2]
draft_logits, target_logits = upload(dl), upload(tl_)
draft_tok = tr.zeros(4, tr.i32)
target_tok = tr.zeros(4, tr.i32)
pd = tk.argmax(draft_tok, draft_logits).submit()
pt = tk.argmax(target_tok, target_logits).submit()
peak = float(draft_logits.to_numpy().max())
pt.wait()
pd.wait()
match = draft_tok.to_numpy() == target_tok.to_numpy()
accepted = int(np.cumprod(match).sum())
assert accepted == 2 and peak == dl.max()
print("ok")
