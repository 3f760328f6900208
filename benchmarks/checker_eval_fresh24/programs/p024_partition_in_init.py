"""A sampler that prepares its output partition once, in __init__, and launches per step."""

import numpy as np
from llmbasin import scale

import tilert as tr

VOCAB = 2048


class Sampler:
    def __init__(self, temperature: float) -> None:
        self.inv_t = 1.0 / temperature
        self.scaled = tr.empty((VOCAB,), name="scaled")
        self.part = self.scaled.partition((512,))

    def step(self, logits: tr.Tensor) -> int:
        scale(self.part, logits, self.inv_t).sync()  # expect: TC109
        return int(np.argmax(self.scaled.to_numpy()))


def main() -> None:
    rng = np.random.default_rng(11)
    sampler = Sampler(0.8)
    tokens = []
    for _ in range(4):
        logits = tr.from_numpy(rng.standard_normal(VOCAB).astype(np.float32))
        tokens.append(sampler.step(logits))  # expect-also: TC109
    print(tokens)


if __name__ == "__main__":
    main()
