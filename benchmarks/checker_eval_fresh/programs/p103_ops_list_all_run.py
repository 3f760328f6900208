"""One op per layer prepared in a list comprehension, all submitted, all waited."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    layers = [tr.ones((256,)) for _ in range(3)]
    ops = [scale(t.partition((64,)), 0.5 * (i + 1)) for i, t in enumerate(layers)]
    pendings = [op.submit() for op in ops]
    for p in pendings:
        p.wait()
    np.testing.assert_allclose([t.to_numpy()[0] for t in layers], [0.5, 1.0, 1.5])
    print("layers scaled")


if __name__ == "__main__":
    main()
