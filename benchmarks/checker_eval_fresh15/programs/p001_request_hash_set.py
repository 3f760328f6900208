"""Deduplicate requests in a set; a request hashes on its first token, still being written."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, wait_all

import tilert as tr


class Request:
    def __init__(self, rid: int, n: int) -> None:
        self.rid = rid
        self.tokens = tr.zeros((n,))

    def __hash__(self) -> int:
        return hash((self.rid, float(self.tokens.to_numpy()[0])))  # expect: TC102

    def __eq__(self, other: object) -> bool:
        return self is other


reqs = [Request(i, 32) for i in range(3)]
pending = [K.fill(tiles(r.tokens), float(r.rid)).submit() for r in reqs]
unique = set(reqs)  # expect-also
wait_all(pending)
print(len(unique), np.sum([r.tokens.to_numpy().sum() for r in reqs]))
