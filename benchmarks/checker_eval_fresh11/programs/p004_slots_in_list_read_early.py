"""Slots kept in a list: every slot is written, the first is reported before they settle."""

from llmkit.layers import Slot

import tilert as tr

x = tr.arange(128)
slots = [Slot(f"head{i}", 128) for i in range(4)]
for i, slot in enumerate(slots):
    slot.write(x, float(i + 1))

first = slots[0].value()  # expect: TC102
for slot in slots:
    slot.settle()
print(first.sum())
