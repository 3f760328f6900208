"""Deduplicate requests in a set after their prefills have landed."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, wait_all

import tilert as tr


class Request:
    def __init__(self, rid: int, n: int) -> None:
        self.rid = rid
        self.tokens = tr.zeros((n,))

    def __hash__(self) -> int:
        return hash((self.rid, float(self.tokens.to_numpy()[0])))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Request) and other.rid == self.rid


reqs = [Request(i, 32) for i in range(3)]
pending = [K.fill(tiles(r.tokens), float(r.rid)).submit() for r in reqs]
wait_all(pending)
unique = set(reqs + reqs[:1])
assert len(unique) == 3
assert np.allclose(sorted(float(r.tokens.to_numpy()[0]) for r in unique), [0.0, 1.0, 2.0])
