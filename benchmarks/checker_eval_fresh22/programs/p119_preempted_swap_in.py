"""A scheduler that prepares a swap-in copy for a waiting request, then preempts it."""

from dataclasses import dataclass

import numpy as np
from llmorbit import kernels as K
from llmorbit.host import tiles, upload

import tilert as tr


@dataclass
class Request:
    rid: int
    saved_kv: tr.Tensor
    slot: tr.Tensor
    swap_in: tr.Op | None = None


def schedule(waiting: list[Request], free_slots: int) -> list[Request]:
    for req in waiting:
        req.swap_in = K.copy(tiles(req.slot), req.saved_kv)  # expect: TC105
    admitted = waiting[:free_slots]
    for req in admitted:
        assert req.swap_in is not None
        req.swap_in.sync()
    for req in waiting[free_slots:]:
        req.swap_in = None  # preempted: stays swapped out
    return admitted


reqs = [Request(i, upload(np.full(64, i)), tr.zeros((64,), name=f"slot{i}")) for i in range(3)]
running = schedule(reqs, free_slots=2)  # expect-also
print([r.rid for r in running])
