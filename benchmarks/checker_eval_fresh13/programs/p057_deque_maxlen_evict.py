"""A three-deep pipeline kept in deque(maxlen=2): appending evicts the oldest Pending unwaited."""

from collections import deque

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(3)]
window: deque[tr.Pending] = deque(maxlen=2)
for i, o in enumerate(outs):
    window.append(K.scale(tiles(o), x, float(i)).submit())  # expect: TC108
while window:
    window.popleft().wait()
print(outs[2].to_numpy()[1])
