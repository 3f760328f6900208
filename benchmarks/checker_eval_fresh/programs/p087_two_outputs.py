"""A kernel with two Mutable outputs, each its own tensor."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import swap_add

import tilert as tr


def main() -> None:
    a = tr.full((256,), 3.0, name="a")
    b = tr.ones((256,), name="b")
    swap_add(a.partition((64,)), b.partition((64,))).sync()
    np.testing.assert_allclose(a.to_numpy(), 4.0)
    np.testing.assert_allclose(b.to_numpy(), 2.0)
    print("a, b:", a.to_numpy()[0], b.to_numpy()[0])


if __name__ == "__main__":
    main()
