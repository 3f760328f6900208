"""A library softmax call whose op is never run: the caller expected it to run eagerly."""

from __future__ import annotations

import numpy as np

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    scores = tr.from_numpy(np.zeros((4, 64), dtype=np.float32))
    probs = tr.zeros((4, 64), name="probs")
    tk.softmax(probs, scores)  # expect: TC105
    print("probs:", probs.to_numpy()[0, 0])


if __name__ == "__main__":
    main()
