"""A scheduler preparing swap-in copies for every waiting request (plain dicts), then
preempting those beyond the free slots by clearing their prepared op."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


def schedule(free_slots: int) -> list[int]:
    waiting = [
        {
            "id": i,
            "prompt": upload(np.full(N, float(i)), name=f"p{i}"),
            "slot": tr.zeros(N, name=f"s{i}"),
            "swap_in": None,
        }
        for i in range(4)
    ]
    for req in waiting:
        req["swap_in"] = K.copy(tiles(req["slot"]), req["prompt"])  # expect: TC105
    for req in waiting[free_slots:]:
        req["swap_in"] = None  # preempted: stays on the host
    admitted = []
    for req in waiting[:free_slots]:
        req["swap_in"].sync()
        admitted.append(req["id"])
    return admitted


if __name__ == "__main__":
    print(schedule(free_slots=2))
