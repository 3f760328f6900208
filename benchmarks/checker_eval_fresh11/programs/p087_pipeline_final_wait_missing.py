"""A pipelined loop that waits each step's predecessor but reads the last output after the
loop without waiting the last step."""

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr

x = tr.arange(128)
ring = [tr.zeros((128,)), tr.zeros((128,))]
prev = None
for step in range(5):
    pend = K.scale(tiles(ring[step % 2]), x, float(step)).submit()
    if prev is not None:
        prev.wait()
    prev = pend
last = ring[4 % 2].to_numpy()  # expect: TC102
if prev is not None:
    prev.wait()
print(last[:3])
