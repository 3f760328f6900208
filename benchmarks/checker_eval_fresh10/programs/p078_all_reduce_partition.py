"""A gradient bucket all-reduced, handed over as a partition as kernel outputs are."""

import tilert as tr
import tilert.distributed as dist
from tilert import f32

dist.init()
bucket = tr.ones((16,), dtype=f32, name="bucket")
dist.all_reduce(bucket.partition((4,))).sync()  # expect: TC106
dist.shutdown()
