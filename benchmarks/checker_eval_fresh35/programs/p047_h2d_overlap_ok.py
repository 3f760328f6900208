# staging uploads on a copy stream while the compute stream works on the previous batch
import numpy as np
from tilekit import copy, scale

import tilert as tr

B = 4096
host_batches = [np.full(B, i, dtype=np.float32) for i in range(4)]
staged = [tr.from_numpy(h) for h in host_batches]
dev_in = [tr.empty((B,)) for _ in range(2)]
dev_out = [tr.empty((B,)) for _ in range(len(host_batches))]

copy_s, compute_s = tr.Stream(), tr.Stream()
uploads, computes = [], []
for i in range(len(host_batches)):
    slot = i % 2
    if i >= 2:
        computes[i - 2].wait()  # the slot's last reader is done
        uploads[i - 2].wait()
    uploads.append(copy(dev_in[slot].partition((1024,)), staged[i]).submit(copy_s))
    compute_s.wait_event(copy_s.record())
    computes.append(scale(dev_out[i].partition((1024,)), dev_in[slot], 10.0).submit(compute_s))
for p in uploads[-2:] + computes[-2:]:
    p.wait()
print([float(t.to_numpy()[0]) for t in dev_out])
