"""`if prev is not None: prev.wait()` but the host reads the step just submitted."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
bufs = [tr.zeros(128), tr.zeros(128)]
prev = None
log = []
for step in range(3):
    cur = bufs[step % 2]
    if prev is not None:
        prev.wait()
    prev = K.scale(tiles(cur), x, float(step)).submit()
    log.append(cur.to_numpy()[1])  # expect: TC102
prev.wait()
print(log)
