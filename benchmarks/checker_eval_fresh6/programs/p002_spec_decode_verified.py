"""Speculative decoding with draft and verify sharing one KV cache: the draft's proposal is
waited before the verifier reads it, then the accepted rows are committed."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr

LAYERS, WIDTH, TILE = 3, 64, 16


class SpecDecoder:
    def __init__(self) -> None:
        self.kv = tr.zeros((LAYERS, WIDTH), name="kv")
        self.draft_out = tr.full((WIDTH,), 0.25)
        self.target = tr.zeros((WIDTH,), name="target")

    def draft(self) -> list[tr.Pending]:
        return [
            k.copy(self.kv[layer].partition((TILE,)), self.draft_out).submit()
            for layer in range(LAYERS)
        ]

    def verify(self, pendings: list[tr.Pending]) -> int:
        for p in pendings:
            p.wait()
        accepted = 0
        for layer in range(LAYERS):
            if np.allclose(self.kv[layer].to_numpy(), 0.25):
                accepted += 1
        return accepted

    def commit(self, accepted: int) -> None:
        for layer in range(accepted):
            k.acc(self.target.partition((TILE,)), self.kv[layer]).sync()


dec = SpecDecoder()
n = dec.verify(dec.draft())
dec.commit(n)
assert np.allclose(dec.target.to_numpy(), 0.25 * LAYERS), dec.target.to_numpy()
print("accepted", n)
