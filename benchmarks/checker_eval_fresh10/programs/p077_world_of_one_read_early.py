"""A world-of-one script: the loss all-reduce submitted, its value logged before the wait."""

import tilert as tr
import tilert.distributed as dist
from tilert import f32

comm = dist.init()
loss = tr.full((4,), 0.25, dtype=f32, name="loss")
pend = dist.all_reduce(loss, op="sum").submit()
print("loss", float(loss.to_numpy().sum()))  # expect: TC102
pend.wait()
dist.shutdown()
