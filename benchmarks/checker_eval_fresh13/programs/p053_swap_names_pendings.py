"""front, back = back, front with the Pendings swapped alongside; the new front read unwaited."""

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr

x = tr.arange(128)
front, back = tr.zeros(128), tr.zeros(128)
front_done = K.scale(tiles(front), x, 1.0).submit()
front_done.wait()
seen = []
for step in range(1, 3):
    back_done = K.scale(tiles(back), x, float(step)).submit()
    front, back = back, front
    front_done, back_done = back_done, front_done
    seen.append(float(front.to_numpy()[1]))  # expect: TC102
    front_done.wait()
print(seen)
