"""Optional dropout at inference time: the op is made unconditionally, run only in training."""

import tilert as tr
import tilert.kernels as tk

training = False
D = 1024
h = tr.ones((D,))
h_drop = tr.empty((D,))

drop_op = tk.dropout(h_drop, h, 0.1, seed=1234)  # expect: TC105
if training:
    drop_op.sync()
    h = h_drop
print(h.to_numpy()[0])
