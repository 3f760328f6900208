"""Model replicas sharing a warm-up op built once as a class attribute."""

from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr

_WARM_BUF = tr.zeros((256,), name="warm")


class Replica:
    WARMUP = K.fill(tiles(_WARM_BUF), 1.0)  # compile the kernel once

    def __init__(self, name: str) -> None:
        self.name = name
        self.WARMUP.sync()  # expect: TC110
        self.state = tr.zeros((256,), name=f"{name}_state")


replicas = [Replica("r0"), Replica("r1")]  # expect-also
print([r.name for r in replicas])
