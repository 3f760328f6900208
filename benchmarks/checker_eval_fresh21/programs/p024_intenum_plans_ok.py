"""Per-slot plans keyed by an IntEnum, each popped and used before the buffers are read."""

from enum import IntEnum

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Slot(IntEnum):
    Q = 0
    K = 1
    V = 2


bufs = [tr.zeros((32,)) for _ in Slot]
plans = {slot: H.tiles(bufs[slot]) for slot in Slot}
for slot in Slot:
    K.fill(plans.pop(slot), float(slot) + 1.0).sync()
assert not plans
assert {slot.name: float(bufs[slot].to_numpy()[0]) for slot in Slot} == {
    "Q": 1.0,
    "K": 2.0,
    "V": 3.0,
}
