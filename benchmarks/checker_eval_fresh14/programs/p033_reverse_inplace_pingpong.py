"""Ping-pong buffers swapped with `bufs.reverse()` each step, and `bufs[1]` read as "the previous
step's": after the reverse it is the buffer just submitted."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

bufs = [tr.zeros((16,), name="ping"), tr.zeros((16,), name="pong")]
step_in = tr.ones((16,))
pend = None
history = []
for step in range(3):
    if pend is not None:
        pend.wait()
    pend = K.scale(tiles(bufs[0]), step_in, float(step)).submit()
    bufs.reverse()
    history.append(bufs[1].to_numpy()[0])  # expect: TC102
pend.wait()
print(history)
