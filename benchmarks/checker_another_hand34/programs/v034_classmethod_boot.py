"""Replicas sharing one boot op kept as a class attribute, run by a classmethod each time a
replica is brought up."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles

N = 64
FLAGS = tr.zeros(N, name="flags")


class Replica:
    BOOT = K.fill(tiles(FLAGS), 1.0)

    @classmethod
    def boot(cls) -> None:
        cls.BOOT.sync()  # expect: TC110

    def __init__(self, rank: int) -> None:
        self.rank = rank


def bring_up(world: int) -> list[Replica]:
    replicas = []
    for rank in range(world):
        Replica.boot()  # expect-also
        replicas.append(Replica(rank))
    return replicas


if __name__ == "__main__":
    print(len(bring_up(2)), float(np.sum(FLAGS.to_numpy())))
