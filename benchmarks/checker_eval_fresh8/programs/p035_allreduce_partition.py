"""A world of one (no launcher): the loss buffer's partition is passed to the all-reduce."""

from llmweave.kernels import fill

import tilert as tr
import tilert.distributed as dist

comm = dist.init()
loss = tr.zeros((64,))
fill(loss.partition((16,)), 2.0).sync()
dist.all_reduce(loss.partition((16,))).sync()  # expect: TC106
print(loss.to_numpy()[0], comm.size)
dist.shutdown()
