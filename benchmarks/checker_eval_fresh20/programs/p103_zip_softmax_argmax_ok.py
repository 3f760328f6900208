"""Batched sampling: softmax of one batch and argmax of another zipped into one op, then read."""

import numpy as np
from llmanvil.host import upload

import tilert as tr
import tilert.kernels as tk

rows = np.arange(32, dtype=np.float32).reshape(2, 16) / 8
a, b = upload(rows).reshape(2, 16), upload(rows[::-1].copy()).reshape(2, 16)
probs = tr.zeros((2, 16))
picks = tr.zeros((2,), dtype=tr.i64)
tr.zip(tk.softmax(probs, a), tk.argmax(picks, b)).sync()
np.testing.assert_allclose(probs.to_numpy().sum(axis=1), [1.0, 1.0], rtol=1e-5)
assert picks.to_numpy().tolist() == [15, 15]
