"""Norm output produced by one kernel, then a callback launches the next kernel reading it into
another buffer; both are read after the chain."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy, scale

import tilert as tr


def main() -> None:
    normed = tr.full((512,), 3.0, name="normed")
    logits = tr.zeros((512,), name="logits")
    chain = scale(normed.partition((128,)), 2.0).then(
        lambda *_: copy(logits.partition((128,)), normed)
    )
    chain.sync()
    np.testing.assert_allclose(logits.to_numpy(), 6.0)
    np.testing.assert_allclose(normed.to_numpy(), 6.0)
    print("logits:", logits.to_numpy()[0])


if __name__ == "__main__":
    main()
