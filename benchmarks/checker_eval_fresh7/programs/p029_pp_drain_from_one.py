"""Pipeline drain after the last microbatch: the loop that waits the cooldown Pendings starts at
1, so microbatch 0's stage output is read while its launch is still in flight."""

import numpy as np
from llmroute import kernels as K

import tilert as tr

N_MB = 3
stream = tr.Stream()
grads = [tr.zeros((64,), name=f"grad{mb}") for mb in range(N_MB)]
loss_scale = tr.full((64,), 0.25)
cooldown = [
    K.mul(grads[mb].partition((16,)), loss_scale, tr.full((64,), float(mb + 1))).submit(stream)
    for mb in range(N_MB)
]
for mb in range(1, N_MB):
    cooldown[mb].wait()

total = np.zeros(64, np.float32)
for g in grads:
    total += g.to_numpy()  # expect: TC102
print(total[0])
