"""A running-statistics buffer with a reset() that returns the op to run."""

import numpy as np
from llmbasin import add_, fill

import tilert as tr

D = 1024


class RunningSum:
    def __init__(self, d: int) -> None:
        self.total = tr.zeros((d,), name="total")

    def reset(self) -> tr.Op:
        return fill(self.total.partition((256,)), 0.0)  # expect: TC105

    def update(self, x: tr.Tensor) -> None:
        add_(self.total.partition((256,)), x).sync()


def main() -> None:
    stats = RunningSum(D)
    x = tr.from_numpy(np.ones(D, dtype=np.float32))
    for epoch in range(2):
        stats.reset()  # expect-also: TC105
        for _ in range(3):
            stats.update(x)
        print(epoch, float(stats.total.to_numpy()[0]))


if __name__ == "__main__":
    main()
