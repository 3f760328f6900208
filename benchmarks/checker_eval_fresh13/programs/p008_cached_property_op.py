"""A layer building its op once in a cached_property; run() syncs it on every call."""

from functools import cached_property

from llmrig import kernels as K
from llmrig.host import tiles

import tilert as tr


class Bias:
    def __init__(self, n: int) -> None:
        self.x = tr.zeros(n)
        self.b = tr.ones(n)

    @cached_property
    def op(self) -> tr.Op:
        return K.accum(tiles(self.x), self.b)

    def run(self) -> None:
        self.op.sync()  # expect: TC110


layer = Bias(128)
layer.run()
layer.run()  # expect-also
print(layer.x.to_numpy()[0])
