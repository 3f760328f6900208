"""Speculative decoding: the draft's tokens are compared with the target's before the target
is waited."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
draft_logits = tr.from_numpy(rng.standard_normal((4, 40)).astype(np.float32))
target_logits = tr.from_numpy(rng.standard_normal((4, 40)).astype(np.float32))
draft_ids = tr.empty((4,), dtype=tr.i32)
target_ids = tr.empty((4,), dtype=tr.i32)

tk.argmax(draft_ids, draft_logits).sync()
verify = tk.argmax(target_ids, target_logits).submit()
agree = draft_ids.to_numpy() == target_ids.to_numpy()  # expect: TC102
verify.wait()
accepted = int(np.cumprod(agree).sum())
print("accepted", accepted)
