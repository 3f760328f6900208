"""A host loop that polls `done()` while it prepares the next prompt, then waits the Pending."""

import numpy as np
from llmweave.kernels import scale

import tilert as tr

x, y = tr.ones((64,)), tr.zeros((64,))
pending = scale(y.partition((16,)), x, 7.0).submit()
polls = 0
while not pending.done():
    polls += 1
pending.wait()
assert np.allclose(y.to_numpy(), 7.0)
print("polled", polls)
