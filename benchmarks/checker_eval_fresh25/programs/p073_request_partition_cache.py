"""Per-request output slots, with their partitions cached by request id."""

import numpy as np
from llmquay import scale

import tilert as tr

D = 256
slots = {rid: tr.zeros((D,), name=f"slot{rid}") for rid in range(3)}
slot_parts = {rid: t.partition((64,)) for rid, t in slots.items()}
x = tr.from_numpy(np.ones(D, dtype=np.float32))

schedule = [0, 1, 0, 2]  # request 0 decodes twice
for rid in schedule:
    scale(slot_parts[rid], x, float(rid + 1)).sync()  # expect: TC109
print({rid: float(t.to_numpy()[0]) for rid, t in slots.items()})
