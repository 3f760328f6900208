"""Jobs queued as (partition, value) tuples; a failed check retries the job with the same
tuple."""

from llmweave.kernels import fill

import tilert as tr

bufs = [tr.zeros((64,)) for _ in range(2)]
jobs = [(b.partition((16,)), float(i + 1)) for i, b in enumerate(bufs)]
retries = []
for part, value in jobs:
    fill(part, value).sync()
    if value > 1.5:
        retries.append((part, value))
for part, value in retries:
    fill(part, value).sync()  # expect: TC109
