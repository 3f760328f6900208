"""The swapped double buffer, each new front waited before it is read."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
front, back = tr.zeros(128), tr.zeros(128)
K.scale(tiles(front), x, 1.0).submit().wait()
seen = [float(front.to_numpy()[1])]
for step in range(2, 4):
    back_done = K.scale(tiles(back), x, float(step)).submit()
    front, back = back, front
    back_done.wait()
    seen.append(float(front.to_numpy()[1]))
assert seen == [1.0, 2.0, 3.0]
