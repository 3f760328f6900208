"""A batch's tensors held in a dataclass; one function runs the step and syncs."""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from llmkit.kernels import add, silu

import tilert as tr


@dataclass
class Batch:
    hidden: tr.Tensor
    residual: tr.Tensor
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((256,), name="out"))


def step(batch: Batch) -> None:
    silu(batch.out.partition((64,)), batch.hidden).sync()
    add(batch.hidden.partition((64,)), batch.out, batch.residual).sync()


def main() -> None:
    batch = Batch(hidden=tr.zeros((256,)), residual=tr.ones((256,)))
    step(batch)
    np.testing.assert_allclose(batch.hidden.to_numpy(), 1.0)
    print("hidden:", batch.hidden.to_numpy()[0])


if __name__ == "__main__":
    main()
