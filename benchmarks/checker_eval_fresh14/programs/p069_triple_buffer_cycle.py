"""Triple buffering: slot `i % 3` is reused once its Pending from three steps back is waited;
each step reads the output of two steps back."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

x = tr.ones((16,))
slots = [tr.zeros((16,), name=f"slot{i}") for i in range(3)]
pend: list[tr.Pending | None] = [None, None, None]
seen = []
for i in range(7):
    j = i % 3
    if pend[j] is not None:
        pend[j].wait()
    pend[j] = K.scale(tiles(slots[j]), x, float(i)).submit()
    k = (i - 2) % 3
    if i >= 2:
        pend[k].wait()
        seen.append(float(slots[k].to_numpy()[0]))
for p in pend:
    if p is not None:
        p.wait()
assert seen == [0.0, 1.0, 2.0, 3.0, 4.0], seen
