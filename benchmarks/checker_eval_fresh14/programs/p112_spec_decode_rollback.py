"""Speculative decoding: draft and target argmaxes submitted together, the accepted prefix
computed after both waits, and the rejected cache rows rolled back with `copy_from`."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

k = 4
draft = np.eye(k, 16, dtype=np.float32)
target = draft.copy()
target[2] = np.eye(16, dtype=np.float32)[7]
draft_ids, target_ids = tr.zeros((k,), tr.i32), tr.zeros((k,), tr.i32)
cache = tr.from_numpy(np.arange(k * 8, dtype=np.float32).reshape(k, 8))
snapshot = cache.to_numpy().copy()
pd = tk.argmax(draft_ids, tr.from_numpy(draft)).submit()
pt = tk.argmax(target_ids, tr.from_numpy(target)).submit()
pt.wait()
pd.wait()
agree = draft_ids.to_numpy() == target_ids.to_numpy()
accepted = k if agree.all() else int(np.argmin(agree))
for row in range(accepted, k):
    cache[row].copy_from(np.zeros(8, np.float32))
assert accepted == 2
np.testing.assert_array_equal(cache.to_numpy()[:2], snapshot[:2])
assert cache.to_numpy()[2:].sum() == 0.0
