"""Pendings in an OrderedDict, drained with popitem(last=False) until one is left unwaited."""

from collections import OrderedDict

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
layers = OrderedDict((f"l{i}", tr.zeros(128)) for i in range(3))
inflight: OrderedDict[str, tr.Pending] = OrderedDict()
for name, buf in layers.items():
    inflight[name] = K.scale(tiles(buf), x, 1.5).submit()
while len(inflight) > 1:
    _, p = inflight.popitem(last=False)
    p.wait()
checksum = sum(float(b.to_numpy().sum()) for b in layers.values())  # expect: TC102
inflight.popitem()[1].wait()
print(checksum)
