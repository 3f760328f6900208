"""Unlaunched (a world of one): the loss is all-reduced and logged before the wait."""

import tilert as tr
import tilert.distributed as dist

comm = dist.init()
loss = tr.full((1,), 0.75, name="loss")
pend = dist.all_reduce(loss, op="sum").submit()
print(f"rank {comm.rank} loss {loss.to_numpy()[0]:.3f}")  # expect: TC102
pend.wait()
dist.shutdown()
