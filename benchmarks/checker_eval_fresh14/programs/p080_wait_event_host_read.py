"""A prefill on a side stream; the main stream is ordered after it with `wait_event`, and the
host then reads the prefill's output, which only the Pending's wait releases."""

import numpy as np

import tilert as tr
import tilert.kernels as tk

x = tr.from_numpy(np.random.default_rng(2).standard_normal((4, 32)).astype(np.float32))
w = tr.ones((32,))
h = tr.zeros((4, 32), name="h")
prefill = tr.Stream()
pend = tk.rmsnorm(h, x, w).submit(prefill)
ready = prefill.record()
tr.current_stream().wait_event(ready)
print(h.to_numpy()[0, :4])  # expect: TC102
pend.wait()
