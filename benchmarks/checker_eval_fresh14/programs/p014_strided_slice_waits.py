"""Pendings waited through `pend[::2]`; an odd slot is then read."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.ones((16,))
slots = [tr.zeros((16,)) for _ in range(4)]
pend = [K.fill(tiles(s), float(i)) for i, s in enumerate(slots)]
pend = [op.submit() for op in pend]
for p in pend[::2]:
    p.wait()
print(slots[0].to_numpy()[0], slots[2].to_numpy()[0])
print(slots[1].to_numpy()[0])  # expect: TC102
for p in pend[1::2]:
    p.wait()
