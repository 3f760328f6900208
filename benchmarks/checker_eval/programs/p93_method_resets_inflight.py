"""A stage class that clears its output buffer right after submitting into it."""

import numpy as np

import tilert as tr
from llm.kernels import copy


class Stage:
    def __init__(self, n: int) -> None:
        self.src = tr.full((n,), 2.0)
        self.out = tr.zeros((n,))
        self.pending = None

    def step(self) -> None:
        self.pending = copy(self.out.partition((64,)), self.src).submit()
        self.out.copy_from(np.zeros(self.out.shape, np.float32))  # expect: TC102

    def done(self) -> float:
        self.pending.wait()
        return float(self.out.to_numpy()[0])


def main() -> None:
    stage = Stage(256)
    stage.step()
    print(stage.done())


if __name__ == "__main__":
    main()
