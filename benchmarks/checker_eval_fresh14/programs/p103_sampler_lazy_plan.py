"""A sampler that plans its output lazily in `configure()` and describes itself from the same
buffer before the plan is used."""

from llmtide import kernels as K

import tilert as tr


class Sampler:
    def __init__(self, vocab: int) -> None:
        self.probs = tr.zeros((vocab,), name="probs")
        self._plan: tr.Partition | None = None

    def configure(self) -> None:
        self._plan = self.probs.partition((16,))

    def describe(self) -> str:
        return f"sampler over {self.probs.to_numpy().size} ids"  # expect: TC104

    def run(self, logits: tr.Tensor, t: float) -> None:
        assert self._plan is not None
        K.scale(self._plan, logits, 1.0 / t).sync()
        self._plan = None


s = Sampler(32)
s.configure()
print(s.describe())  # expect-also
s.run(tr.ones((32,)), 0.7)
