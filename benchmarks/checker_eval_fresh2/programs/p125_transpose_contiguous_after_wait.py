"""Scores computed per row, then made key-major with .T.contiguous() and cast to f16."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import softmax_rows

import tilert as tr

ROWS, COLS = 4, 64


def main() -> None:
    scores = tr.from_numpy(np.random.default_rng(7).standard_normal((ROWS, COLS), np.float32))
    probs = tr.empty((ROWS, COLS))
    pending = softmax_rows(probs.partition((1, COLS)), scores).submit()
    pending.wait()
    by_key = probs.T.contiguous()
    half = by_key.astype(tr.f16)
    np.testing.assert_allclose(half.to_numpy().sum(axis=0), np.ones(ROWS), rtol=1e-2)
    print(by_key.shape, half.dtype)


if __name__ == "__main__":
    main()
