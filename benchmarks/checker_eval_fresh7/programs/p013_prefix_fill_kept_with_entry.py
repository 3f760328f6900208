"""Prefix cache where a miss launches the fill and keeps its Pending beside the entry; get()
waits the fill before handing the tensor out. The caller never sees a wait."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmroute import kernels as K

import tilert as tr


@dataclass
class Entry:
    tensor: tr.Tensor
    fill: tr.Pending | None = None


@dataclass
class PrefixCache:
    dim: int
    entries: dict[int, Entry] = field(default_factory=dict)

    def get(self, prompt_hash: int) -> tr.Tensor:
        entry = self.entries.get(prompt_hash)
        if entry is None:
            t = tr.zeros((self.dim,), name=f"prefix{prompt_hash}")
            entry = Entry(t, K.fill(t.partition((16,)), float(prompt_hash)).submit())
            self.entries[prompt_hash] = entry
        if entry.fill is not None:
            entry.fill.wait()
            entry.fill = None
        return entry.tensor


cache = PrefixCache(64)
first = cache.get(7).to_numpy()
again = cache.get(7).to_numpy()
other = cache.get(9).to_numpy()
assert np.all(first == 7.0) and np.all(again == 7.0) and np.all(other == 9.0)
print("entries", sorted(cache.entries))
