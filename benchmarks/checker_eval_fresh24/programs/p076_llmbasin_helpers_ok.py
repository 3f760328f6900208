"""Use the package's host helpers: launch_add/launch_scale return ops, submit_copy a Pending."""

import numpy as np
from llmbasin import launch_add, launch_scale, new_buffer, submit_copy

import tilert as tr

N = 2048

a = tr.from_numpy(np.arange(N, dtype=np.float32))
b = tr.from_numpy(np.ones(N, dtype=np.float32))
total = new_buffer(N, "total")
scaled = new_buffer(N, "scaled")
backup = new_buffer(N, "backup")

launch_add(total, a, b).sync()
launch_scale(scaled, total, 0.5).sync()
pending = submit_copy(backup, scaled)
pending.wait()
print(float(backup.to_numpy()[-1]))
