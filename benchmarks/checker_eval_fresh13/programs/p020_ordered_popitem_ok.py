"""The OrderedDict drained to empty before the checksum."""

from collections import OrderedDict

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
layers = OrderedDict((f"l{i}", tr.zeros(128)) for i in range(3))
inflight: OrderedDict[str, tr.Pending] = OrderedDict()
for name, buf in layers.items():
    inflight[name] = K.scale(tiles(buf), x, 1.5).submit()
while inflight:
    _, p = inflight.popitem(last=False)
    p.wait()
checksum = sum(float(b.to_numpy().sum()) for b in layers.values())
assert checksum == 3 * 1.5 * sum(range(128))
