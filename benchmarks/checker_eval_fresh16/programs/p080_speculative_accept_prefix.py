"""Speculative decoding: draft and target argmax submitted together, accepted after the waits."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(9)
K, V = 4, 32
target_np = rng.standard_normal((K, V)).astype(np.float32)
draft_np = target_np.copy()
draft_np[2] = rng.standard_normal(V).astype(np.float32)
target_logits, draft_logits = tr.from_numpy(target_np), tr.from_numpy(draft_np)
t_tok, d_tok = tr.zeros((K,), dtype=tr.i32), tr.zeros((K,), dtype=tr.i32)
pd = tk.argmax(d_tok, draft_logits).submit()
pt = tk.argmax(t_tok, target_logits).submit()
# the draft logits are only read by an op in flight: the host may look at them
assert draft_logits.to_numpy().shape == (K, V)
pd.wait()
pt.wait()
accepted = 0
for d, t in zip(d_tok.to_numpy(), t_tok.to_numpy(), strict=True):
    if d != t:
        break
    accepted += 1
expect = 0
while expect < K and draft_np[expect].argmax() == target_np[expect].argmax():
    expect += 1
assert accepted == expect
