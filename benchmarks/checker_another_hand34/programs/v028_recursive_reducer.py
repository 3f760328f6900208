"""A pairwise tree reduction written as a recursive method: each level returns its sum and the
Pendings still to wait; the right subtree's Pendings are passed up, the left's are lost."""

from __future__ import annotations

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

N = 128


class TreeReducer:
    def __init__(self) -> None:
        self.launches = 0
        self.depth = 0

    def reduce(self, parts: list[tr.Tensor]) -> tuple[tr.Tensor, list[tr.Pending]]:
        if len(parts) == 1:
            return parts[0], []
        mid = len(parts) // 2
        left, left_pending = self.reduce(parts[:mid])
        right, right_pending = self.reduce(parts[mid:])
        self.depth = max(self.depth, len(left_pending), len(right_pending))
        out = tr.zeros(N, name=f"sum{self.launches}")
        self.launches += 1
        pending = K.add(tiles(out), left, right).submit()  # expect: TC108
        return out, [*right_pending, pending]


if __name__ == "__main__":
    parts = [upload(np.full(N, float(i)), name=f"g{i}") for i in range(4)]
    total, pendings = TreeReducer().reduce(parts)  # expect-also
    for p in reversed(pendings):
        p.wait()
    print(float(total.to_numpy()[0]))
