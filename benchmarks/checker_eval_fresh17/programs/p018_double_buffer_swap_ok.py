"""Double buffering: `cur, nxt = nxt, cur`; the host reads the previous step's output after
its wait."""

import numpy as np
from llmspool import kernels as K
from llmspool.host import tiles

import tilert as tr

n = 64
bufs = [tr.ones((n,), name="a"), tr.zeros((n,), name="b"), tr.zeros((n,), name="c")]
prev: tuple[tr.Tensor, tr.Pending] | None = None
trace = []
src = tr.ones((n,))
for step in range(4):
    out = bufs[step % 3]
    pend = K.scale(tiles(out), src, 2.0**step).submit()
    if prev is not None:
        prev_out, prev_pend = prev
        prev_pend.wait()
        trace.append(float(prev_out.to_numpy()[0]))
    prev = (out, pend)
assert prev is not None
prev[1].wait()
trace.append(float(prev[0].to_numpy()[0]))
assert trace == [1.0, 2.0, 4.0, 8.0]
print(trace, np.asarray(bufs[0])[:2])
