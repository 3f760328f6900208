"""Speculative decoding: the draft logits are inspected while the target only reads them;
then verify."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(5)
draft_np = rng.standard_normal((4, 40)).astype(np.float32)
target_np = draft_np.copy()
target_np[2:] = rng.standard_normal((2, 40)).astype(np.float32)
draft_logits = tr.from_numpy(draft_np)
target_logits = tr.from_numpy(target_np)
draft_ids = tr.empty((4,), dtype=tr.i32)
target_ids = tr.empty((4,), dtype=tr.i32)

draft_pending = tk.argmax(draft_ids, draft_logits).submit()
verify = tk.argmax(target_ids, target_logits).submit()
peak = float(draft_logits.to_numpy().max())  # only read by the draft's argmax
draft_pending.wait()
verify.wait()
agree = draft_ids.to_numpy() == target_ids.to_numpy()
accepted = int(np.cumprod(agree).sum())
assert accepted >= 2 and peak == float(draft_np.max())
print("accepted", accepted)
