"""Ping-pong buffers swapped with `bufs.reverse()`: the previous step's buffer (now bufs[1])
is read after the previous Pending was waited."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

bufs = [tr.zeros((16,), name="ping"), tr.zeros((16,), name="pong")]
step_in = tr.ones((16,))
pend = None
history = []
for step in range(4):
    if pend is not None:
        pend.wait()
        history.append(float(bufs[1].to_numpy()[0]))
    pend = K.scale(tiles(bufs[0]), step_in, float(step)).submit()
    bufs.reverse()
pend.wait()
history.append(float(bufs[1].to_numpy()[0]))
assert history == [0.0, 1.0, 2.0, 3.0], history
