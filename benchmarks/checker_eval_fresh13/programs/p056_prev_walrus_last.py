"""The same pipeline, but the last step's output is read before the final wait."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
outs = [tr.zeros(128) for _ in range(4)]
pending = None
got = []
for i, out in enumerate(outs):
    if (prev := pending) is not None:
        prev.wait()
        got.append(float(outs[i - 1].to_numpy()[1]))
    pending = K.scale(tiles(out), x, float(i)).submit()
got.append(float(outs[-1].to_numpy()[1]))  # expect: TC102
if pending is not None:
    pending.wait()
print(got)
