"""Speculative decoding: the draft model writes its proposal rows into a shared KV cache; the
verifier peeks at the cache before the draft's write is waited."""

import numpy as np
from llmforge import kernels as k

import tilert as tr

LAYERS, WIDTH = 2, 64


class SharedKV:
    def __init__(self) -> None:
        self.kv = tr.zeros((LAYERS, WIDTH), name="kv")

    def layer(self, i: int) -> tr.Tensor:
        return self.kv[i]


class Draft:
    def __init__(self, cache: SharedKV) -> None:
        self.cache = cache
        self.proposal = tr.full((WIDTH,), 0.5)

    def propose(self, layer: int) -> tr.Pending:
        dst = self.cache.layer(layer)
        return k.copy(dst.partition((16,)), self.proposal).submit()


class Verifier:
    def __init__(self, cache: SharedKV) -> None:
        self.cache = cache

    def accept(self, layer: int) -> bool:
        row = self.cache.layer(layer).to_numpy()  # expect: TC102
        return bool(np.all(row >= 0.0))


cache = SharedKV()
draft, verifier = Draft(cache), Verifier(cache)
pending = draft.propose(0)
ok = verifier.accept(0)  # expect-also
pending.wait()
print("accepted" if ok else "rejected")
