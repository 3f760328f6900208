"""A logger keeps its last write's Pending in an attribute; each write waits the previous
one, and flush() waits the last before the log is read."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy

import tilert as tr

N = 128


class ActivationLog:
    def __init__(self, steps: int) -> None:
        self.rows = tr.zeros((steps, N), name="log")
        self.last: tr.Pending | None = None

    def record(self, step: int, act: tr.Tensor) -> None:
        if self.last is not None:
            self.last.wait()
        self.last = copy(self.rows[step].partition((N,)), act).submit()

    def flush(self) -> np.ndarray:
        if self.last is not None:
            self.last.wait()
            self.last = None
        return self.rows.to_numpy()


def main() -> None:
    log = ActivationLog(4)
    acts = [tr.full((N,), float(i)) for i in range(4)]
    for step, act in enumerate(acts):
        log.record(step, act)
    table = log.flush()
    np.testing.assert_allclose(table[:, 0], range(4))
    print(table[:, 0])


if __name__ == "__main__":
    main()
