"""A launcher that signals back-pressure with an exception carrying the prepared launch."""

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


class Busy(Exception):
    def __init__(self, plan: tr.Partition, src: tr.Tensor) -> None:
        super().__init__("queue full")
        self.plan, self.src = plan, src


def launch(out: tr.Tensor, src: tr.Tensor, queue_depth: int) -> None:
    plan = tiles(out)
    if queue_depth > 4:
        raise Busy(plan, src)
    K.copy(plan, src).sync()


out = tr.zeros((128,), name="out")
src = upload(np.arange(128))
try:
    launch(out, src, queue_depth=7)
except Busy as err:
    print("busy; current out head:", out.to_numpy()[:2])  # expect: TC104
    K.copy(err.plan, err.src).sync()
