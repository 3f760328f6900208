"""A sampler that partitions its output buffer at each step's launch."""

import numpy as np
from llmbasin import scale

import tilert as tr

VOCAB = 2048


class Sampler:
    def __init__(self, temperature: float) -> None:
        self.inv_t = 1.0 / temperature
        self.scaled = tr.empty((VOCAB,), name="scaled")

    def step(self, logits: tr.Tensor) -> int:
        scale(self.scaled.partition((512,)), logits, self.inv_t).sync()
        return int(np.argmax(self.scaled.to_numpy()))


def main() -> None:
    rng = np.random.default_rng(11)
    sampler = Sampler(0.8)
    tokens = []
    for _ in range(4):
        logits = tr.from_numpy(rng.standard_normal(VOCAB).astype(np.float32))
        tokens.append(sampler.step(logits))
    print(tokens)


if __name__ == "__main__":
    main()
