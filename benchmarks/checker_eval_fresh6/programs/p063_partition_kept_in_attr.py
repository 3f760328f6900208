"""A logits head "prepares" its output partition in __init__ for later and reports the output
before any launch: the partition is alive in an attribute."""

from __future__ import annotations

from llmforge import kernels as k

import tilert as tr


class LogitsHead:
    def __init__(self, vocab: int) -> None:
        self.logits = tr.zeros((vocab,), name="logits")
        self.prepared = self.logits.partition((16,))

    def report(self) -> float:
        return float(self.logits.to_numpy().max())  # expect: TC104

    def forward(self, h: tr.Tensor) -> None:
        k.scale(self.prepared, h, 1.0).sync()


head = LogitsHead(64)
print(head.report())  # expect-also
head.forward(tr.ones((64,)))
