"""Dropout twice with one seed gives the same mask; the two launches run together and are
waited before the comparison."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

attn = tr.ones((64,))
a, b = tr.zeros((64,)), tr.zeros((64,))
pa = tk.dropout(a, attn, 0.25, 11).submit()
pb = tk.dropout(b, attn, 0.25, 11).submit()
assert attn.to_numpy().sum() == 64.0  # read by both: allowed
pb.wait()
pa.wait()
np.testing.assert_array_equal(a.to_numpy(), b.to_numpy())
assert set(np.unique(a.to_numpy()).tolist()) <= {0.0, np.float32(1 / 0.75)}
