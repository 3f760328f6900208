"""Streams and events: the KV cache of a finished request is copied to a swap buffer on a side
stream while the main stream goes on with the next request's projection; an event orders the
main stream after the copy."""

import numpy as np
from infercore import copy

import tilert as tr
import tilert.kernels as tk

rng = np.random.default_rng(17)
kv = tr.from_numpy(rng.standard_normal((8, 64)).astype(np.float32))
swap = tr.empty((8, 64), name="swap")
x = tr.from_numpy(rng.standard_normal((4, 64)).astype(np.float32))
w = tr.from_numpy((rng.standard_normal((64, 64)) * 0.1).astype(np.float32))
y = tr.empty((4, 64), name="y")

side = tr.Stream()
main = tr.Stream()
offload = copy(swap.partition((1, 64)), kv).submit(side)
copied = side.record()
proj = tk.linear(y, x, w).submit(main)
main.wait_event(copied)
swapped_sum = float(swap.to_numpy().sum())  # expect: TC102
offload.wait()
proj.wait()
print(f"swapped {swapped_sum:.3f}, projected {float(y.to_numpy().sum()):.3f}")
