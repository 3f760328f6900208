"""A rank captures its step in a graph and syncs the gradient all-reduce inside the capture."""

import numpy as np
from llmanvil import kernels as K
from llmanvil.host import tiles, upload

import tilert as tr
import tilert.distributed as dist
from tilert.distributed.testing import run_ranks


def rank(comm: dist.Communicator) -> float:
    grad = tr.from_numpy(np.full(16, comm.rank + 1.0, np.float32))
    x, out = upload(np.arange(16)), tr.zeros((16,))
    with tr.graph() as g:
        g.record(K.scale(tiles(out), x, 2.0))
        dist.all_reduce(grad).sync()  # expect: TC111
    g.launch().wait()
    g.close()
    return float(grad.to_numpy()[0])


print(run_ranks(2, rank))  # expect-also
