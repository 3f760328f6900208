"""A cache's `clear` property builds the clear op; the caller accesses it as if it ran it."""

from __future__ import annotations

from llmfern import kernels as K
from llmfern.host import tiles

import tilert as tr


class SlotCache:
    def __init__(self, n: int) -> None:
        self.slots = tr.ones(n)

    @property
    def clear(self) -> tr.Op:
        return K.fill(tiles(self.slots), 0.0)  # expect: TC105


cache = SlotCache(64)
cache.clear  # expect-also  # noqa: B018
print("cleared")
