"""An attention block whose output is a property; callers read it only after result()."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import rms_rows, softmax_rows

import tilert as tr

ROWS, COLS = 4, 64


class Block:
    def __init__(self) -> None:
        self._normed = tr.zeros((ROWS, COLS))
        self._probs = tr.zeros((ROWS, COLS))
        self._pending: list[tr.Pending] = []

    @property
    def probs(self) -> tr.Tensor:
        return self._probs

    def launch(self, x: tr.Tensor) -> Block:
        self._pending = [
            rms_rows(self._normed.partition((1, COLS)), x, 1e-6).submit(),
            softmax_rows(self._probs.partition((1, COLS)), x).submit(),
        ]
        return self

    def result(self) -> Block:
        for p in self._pending:
            p.wait()
        self._pending = []
        return self


def main() -> None:
    x = tr.from_numpy(np.arange(ROWS * COLS, dtype=np.float32).reshape(ROWS, COLS) / 100)
    block = Block().launch(x)
    probs = block.result().probs.to_numpy()
    np.testing.assert_allclose(probs.sum(axis=1), np.ones(ROWS), rtol=1e-5)
    print(probs[:, -1])


if __name__ == "__main__":
    main()
