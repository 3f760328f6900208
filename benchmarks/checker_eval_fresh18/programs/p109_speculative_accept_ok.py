"""Speculative decoding: draft and target argmaxes submitted together, the target's logits
read on the host only after both waits, the accepted prefix counted."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(8)
target_raw = rng.standard_normal((4, 32)).astype(np.float32)
draft_raw = target_raw.copy()
draft_raw[2] += 5 * np.eye(32, dtype=np.float32)[0]
draft_logits, target_logits = tr.from_numpy(draft_raw), tr.from_numpy(target_raw)
draft_ids, target_ids = tr.empty((4,), dtype=tr.i32), tr.empty((4,), dtype=tr.i32)
pd = tk.argmax(draft_ids, draft_logits).submit()
pt = tk.argmax(target_ids, target_logits).submit()
draft_logits.to_numpy()  # only read by the draft argmax
pd.wait()
pt.wait()
d, t = draft_ids.to_numpy(), target_ids.to_numpy()
accepted = int(np.argmin(d == t)) if not np.all(d == t) else len(d)
assert np.array_equal(t, target_raw.argmax(axis=1))
assert accepted == (2 if d[2] != t[2] else 4)
