"""Resetting a slot of the KV cache between requests with copy_from, while the partition made
for the next write of that slot is already alive."""

import numpy as np
from servekit import copy

import tilert as tr

SLOTS, SLOT_ELEMS = 4, 64

cache = tr.zeros((SLOTS, SLOT_ELEMS), name="kv")
new_kv = tr.full((SLOT_ELEMS,), 9.0)

slot = 2
slot_view = cache[slot]
slot_part = slot_view.partition((32,))
slot_view.copy_from(np.zeros(SLOT_ELEMS, dtype=np.float32))  # expect: TC104
copy(slot_part, new_kv).sync()
print(cache.to_numpy()[slot, :3])
