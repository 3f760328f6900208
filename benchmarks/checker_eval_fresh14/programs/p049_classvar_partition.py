"""A partition kept as a class attribute, planned once for every instance: the second
instance's launch gets the consumed plan."""

from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr

pool = tr.zeros((32,), name="pool")


class Writer:
    plan = tiles(pool)

    def __init__(self, value: float) -> None:
        self.value = value

    def write(self) -> None:
        K.fill(self.plan, self.value).sync()  # expect: TC109


Writer(1.0).write()
Writer(2.0).write()  # expect-also
