"""Speculative decoding: the verify op is built for every step but run only when some draft
token was rejected."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

draft_logits = tr.from_numpy(np.eye(4, 16, dtype=np.float32))
target_logits = tr.from_numpy(np.eye(4, 16, dtype=np.float32))
draft_ids = tr.zeros((4,), tr.i32)
target_ids = tr.zeros((4,), tr.i32)
tk.argmax(draft_ids, draft_logits).sync()
verify = tk.argmax(target_ids, target_logits)  # expect: TC105
guess = draft_ids.to_numpy()
accepted = 4 if (guess == np.arange(4)).all() else int(np.argmin(guess == np.arange(4)))
if accepted < 4:
    verify.sync()
print("accepted", accepted)
