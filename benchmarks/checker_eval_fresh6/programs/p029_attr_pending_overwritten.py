"""A KV writer object keeps the Pending of its last append in an attribute; the second append
overwrites the attribute before the first Pending is waited."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


class KVWriter:
    def __init__(self, layers: int, width: int) -> None:
        self.kv = tr.zeros((layers, width), name="kv")
        self.last: tr.Pending | None = None

    def append(self, layer: int, row: tr.Tensor) -> None:
        self.last = k.copy(self.kv[layer].partition((16,)), row).submit()  # expect: TC108

    def flush(self) -> None:
        if self.last is not None:
            self.last.wait()
            self.last = None


w = KVWriter(2, 64)
row = tr.ones((64,))
w.append(0, row)
w.append(1, row)  # expect-also
w.flush()
print(w.kv.to_numpy().sum())
