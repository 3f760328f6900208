"""A generator yields one op per layer; the driver runs each as it comes."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def layer_ops(h: tr.Tensor, deltas: list[tr.Tensor]) -> Iterator[tr.Op]:
    for d in deltas:
        yield axpy(h.partition((64,)), d, 1.0)


def main() -> None:
    h = tr.zeros((256,), name="h")
    deltas = [tr.full((256,), float(i)) for i in range(4)]
    for op in layer_ops(h, deltas):
        op.sync()
    np.testing.assert_allclose(h.to_numpy(), 6.0)
    print("h:", h.to_numpy()[0])


if __name__ == "__main__":
    main()
