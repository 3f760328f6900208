"""A decode 'step' object that builds its launch once in __init__ and runs it on each call."""

import numpy as np
from llmbasin import axpy

import tilert as tr

D = 1024


class DecayStep:
    def __init__(self, state: tr.Tensor, update: tr.Tensor, rate: float) -> None:
        self.state = state
        self.op = axpy(state.partition((256,)), update, -rate)

    def __call__(self) -> None:
        self.op.sync()  # expect: TC110


def main() -> None:
    state = tr.from_numpy(np.ones(D, dtype=np.float32))
    update = tr.from_numpy(np.full(D, 0.1, dtype=np.float32))
    step = DecayStep(state, update, rate=0.5)
    for _ in range(3):
        step()  # expect-also: TC110
    print(state.to_numpy()[:2])


if __name__ == "__main__":
    main()
