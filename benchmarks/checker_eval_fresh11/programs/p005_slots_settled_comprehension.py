"""Slots kept in a list, settled in a comprehension before any is read."""

import numpy as np
from llmkit.layers import Slot

import tilert as tr

x = tr.arange(128)
slots = [Slot(f"head{i}", 128) for i in range(4)]
for i, slot in enumerate(slots):
    slot.write(x, float(i + 1))

_ = [s.settle() for s in slots]
values = [s.value() for s in slots]
for i, v in enumerate(values):
    np.testing.assert_allclose(v, (i + 1) * np.arange(128, dtype=np.float32))
