"""Batching: one partition of the batch buffer planned once and handed to every request."""

from llmrig import kernels as K

import tilert as tr

batch = tr.zeros(128)
plan = batch.partition((64,))
requests = [tr.full((128,), float(i)) for i in range(3)]
for req in requests:
    K.accum(plan, req).sync()  # expect: TC109
