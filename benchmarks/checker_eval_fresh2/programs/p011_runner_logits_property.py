"""A runner that exposes its logits through a property, read between replays."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import axpy, softmax_rows

import tilert as tr

ROWS, VOCAB = 2, 64


class Runner:
    def __init__(self, bias: tr.Tensor) -> None:
        self.acc = tr.zeros((ROWS, VOCAB), name="acc")
        self.probs = tr.zeros((ROWS, VOCAB), name="probs")
        with tr.graph() as g:
            g.record(axpy(self.acc.partition((1, VOCAB)), bias, 1.0))
            g.record(softmax_rows(self.probs.partition((1, VOCAB)), self.acc))
        self.graph = g

    @property
    def probabilities(self) -> np.ndarray:
        return self.probs.to_numpy()  # expect: TC102

    def step(self) -> None:
        self.graph.launch().wait()


def main() -> None:
    runner = Runner(tr.ones((ROWS, VOCAB)))
    for _ in range(2):
        runner.step()
        print(runner.probabilities.argmax(axis=1))  # expect-also
    runner.graph.close()


if __name__ == "__main__":
    main()
