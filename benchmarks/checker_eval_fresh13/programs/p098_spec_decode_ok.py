"""Speculative decoding: draft and target argmaxes both waited, then accepted by prefix match."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
target_logits = rng.standard_normal((4, 64)).astype(np.float32)
draft_logits = target_logits.copy()
draft_logits[2] = -target_logits[2]
t_ids, d_ids = tr.zeros(4, dtype=tr.i32), tr.zeros(4, dtype=tr.i32)
pt = tk.argmax(t_ids, tr.from_numpy(target_logits)).submit()
pd = tk.argmax(d_ids, tr.from_numpy(draft_logits)).submit()
pd.wait()
pt.wait()
t, d = t_ids.to_numpy(), d_ids.to_numpy()
accepted = next((i for i in range(4) if t[i] != d[i]), 4)
assert accepted == 2
assert np.array_equal(t, target_logits.argmax(axis=1))
