"""Attention scores written per row; the host looks at them transposed."""

from __future__ import annotations

from llmserve.kernels import softmax_rows

import tilert as tr

ROWS, COLS = 8, 64


def main() -> None:
    scores = tr.ones((ROWS, COLS))
    probs = tr.empty((ROWS, COLS), name="probs")
    pending = softmax_rows(probs.partition((1, COLS)), scores).submit()
    by_key = probs.T
    print(by_key.to_numpy()[0, :4])  # expect: TC102
    pending.wait()


if __name__ == "__main__":
    main()
