"""Model replicas sharing a warm-up run once, guarded by a class attribute flag."""

from llmorbit import kernels as K
from llmorbit.host import tiles

import tilert as tr

_WARM_BUF = tr.zeros((256,), name="warm")


class Replica:
    warmed = False

    def __init__(self, name: str) -> None:
        self.name = name
        if not Replica.warmed:
            K.fill(tiles(_WARM_BUF), 1.0).sync()  # compile the kernel once
            Replica.warmed = True
        self.state = tr.zeros((256,), name=f"{name}_state")


replicas = [Replica("r0"), Replica("r1")]
assert _WARM_BUF.to_numpy().sum() == 256.0
print([r.name for r in replicas])
