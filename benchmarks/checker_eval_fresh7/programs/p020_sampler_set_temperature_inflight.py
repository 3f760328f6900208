"""Sampler whose set_temperature() writes the per-request buffer with a fill kernel; a request's
temperature changes while its scaling launch (which reads that buffer) is in flight."""

from __future__ import annotations

from llmroute import kernels as K

import tilert as tr

VOCAB = 64


class Sampler:
    def __init__(self, n: int) -> None:
        self.temps = [tr.ones((VOCAB,), name=f"temp{i}") for i in range(n)]
        self.outs = [tr.zeros((VOCAB,), name=f"probs{i}") for i in range(n)]
        self.pending: list[tr.Pending] = []

    def set_temperature(self, i: int, t: float) -> None:
        K.fill(self.temps[i].partition((16,)), 1.0 / t).sync()  # expect: TC103

    def launch(self, logits: tr.Tensor) -> None:
        for i in range(len(self.temps)):
            op = K.mul(self.outs[i].partition((16,)), logits, self.temps[i])
            self.pending.append(op.submit())

    def finish(self) -> None:
        for p in self.pending:
            p.wait()
        self.pending.clear()


s = Sampler(2)
s.launch(tr.arange(VOCAB))
s.set_temperature(1, 0.7)  # expect-also
s.finish()
