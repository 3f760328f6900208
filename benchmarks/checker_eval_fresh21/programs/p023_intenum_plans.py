"""Per-slot plans keyed by an IntEnum; two are used and the third slot's buffer is read while
its plan still sits in the dict."""

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
K.fill(plans.pop(Slot.Q), 1.0).sync()
K.fill(plans.pop(Slot.K), 2.0).sync()
print({slot.name: bufs[slot].to_numpy()[0] for slot in Slot})  # expect: TC104
