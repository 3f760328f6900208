"""Attention scores: softmax from the library, then the probabilities scaled by a kernel of the
package, chained on one stream."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import scale

import tilert as tr
import tilert.kernels as tk


def main() -> None:
    scores = tr.from_numpy(np.zeros((4, 64), dtype=np.float32))
    probs = tr.empty((4, 64), name="probs")
    tk.softmax(probs, scores).then(lambda *_: scale(probs.partition((4, 64)), 64.0)).sync()
    np.testing.assert_allclose(probs.to_numpy(), 1.0, rtol=1e-5)
    print("probs:", probs.to_numpy()[0, 0])


if __name__ == "__main__":
    main()
