"""A sampler that partitions its probabilities buffer in `__init__`; `summary` reads the buffer
before any sample ran."""

from llmweave.kernels import scale

import tilert as tr


class Sampler:
    def __init__(self, n: int) -> None:
        self.probs = tr.zeros((n,), name="probs")
        self._out = self.probs.partition((16,))

    def sample(self, logits: tr.Tensor) -> None:
        scale(self._out, logits, 0.5).sync()

    def summary(self) -> float:
        return float(self.probs.to_numpy().max())  # expect: TC104


s = Sampler(64)
print(s.summary())  # expect-also
s.sample(tr.ones((64,)))
