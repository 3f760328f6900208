"""Triple buffering that reads the output of one step back, waiting the slot of two back."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.ones((16,))
slots = [tr.zeros((16,), name=f"slot{i}") for i in range(3)]
pend: list[tr.Pending | None] = [None, None, None]
seen = []
for i in range(4):
    j = i % 3
    if pend[j] is not None:
        pend[j].wait()
    pend[j] = K.scale(tiles(slots[j]), x, float(i)).submit()
    if i >= 2:
        pend[(i - 2) % 3].wait()
        seen.append(float(slots[(i - 1) % 3].to_numpy()[0]))  # expect: TC102
for p in pend:
    if p is not None:
        p.wait()
