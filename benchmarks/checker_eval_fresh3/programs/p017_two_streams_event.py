"""Producer on one stream, consumer on another ordered after it by an event."""

import numpy as np
from llmhost.kernels import add, copy

import tilert as tr

x = tr.arange(64)
staged = tr.zeros((64,))
out = tr.zeros((64,))
copy_stream, compute_stream = tr.Stream(), tr.Stream()

p_copy = copy(staged.partition((16,)), x).submit(copy_stream)
ready = copy_stream.record()
compute_stream.wait_event(ready)
p_add = add(out.partition((16,)), staged, x).submit(compute_stream)

p_add.wait()
p_copy.wait()
assert np.allclose(out.to_numpy(), 2 * np.arange(64))
print("streams ok")
