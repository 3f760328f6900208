"""Speculative decoding: the draft is waited, the target compared before its argmax is waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(10)
K, V = 4, 32
target_logits = tr.from_numpy(rng.standard_normal((K, V)).astype(np.float32))
draft_logits = tr.from_numpy(rng.standard_normal((K, V)).astype(np.float32))
t_tok, d_tok = tr.zeros((K,), dtype=tr.i32), tr.zeros((K,), dtype=tr.i32)
pd = tk.argmax(d_tok, draft_logits).submit()
pt = tk.argmax(t_tok, target_logits).submit()
pd.wait()
draft = d_tok.to_numpy()
matches = [int(d == t) for d, t in zip(draft, t_tok.to_numpy(), strict=True)]  # expect: TC102
pt.wait()
print(matches)
