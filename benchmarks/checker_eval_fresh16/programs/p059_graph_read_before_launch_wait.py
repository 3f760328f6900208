"""A captured step is replayed; the logits are read before the replay is waited and closed."""

from llmquill.host import tiles, vec
from llmquill.kernels import scale

import tilert as tr

x = vec(32, 1.0)
logits = vec(32)
with tr.graph() as g:
    g.record(scale(tiles(logits), x, 3.0))
done = g.launch()
print(logits.to_numpy()[:4])  # expect: TC102
done.wait()
g.close()
