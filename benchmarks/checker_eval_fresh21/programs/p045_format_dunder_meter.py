"""A throughput meter formatted with a spec; __format__ reads the device counter in flight."""

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Meter:
    def __init__(self) -> None:
        self.count = tr.zeros((16,))

    def __format__(self, spec: str) -> str:
        return format(float(self.count.to_numpy().sum()), spec)  # expect: TC102


meter = Meter()
p = K.fill(H.tiles(meter.count), 1.0).submit()
line = f"tokens: {meter:.1f}"  # expect-also
p.wait()
print(line)
