"""A step counter usable as an index (__index__), read by range() before its update is waited."""

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class DeviceCounter:
    def __init__(self) -> None:
        self.value = tr.zeros((16,))

    def __index__(self) -> int:
        return int(self.value.to_numpy()[0])


counter = DeviceCounter()
K.fill(H.tiles(counter.value), 3.0).sync()
steps = list(range(counter))
bump = K.fill(H.tiles(counter.value), 5.0).submit()
bump.wait()
steps += list(range(counter))
assert steps == [0, 1, 2, 0, 1, 2, 3, 4]
