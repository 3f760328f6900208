"""One weight read by every layer's op while all are in flight (Shared borrows do not
conflict); the weight is read on the host meanwhile, which only reads."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    weight = tr.full((256,), 0.5, name="weight")
    layers = [tr.zeros((256,), name=f"l{i}") for i in range(4)]
    pendings = [axpy(t.partition((64,)), weight, float(i)).submit() for i, t in enumerate(layers)]
    norm = float(np.linalg.norm(weight.to_numpy()))
    for p in pendings:
        p.wait()
    np.testing.assert_allclose([t.to_numpy()[0] for t in layers], [0.0, 0.5, 1.0, 1.5])
    print("weight norm", norm)


if __name__ == "__main__":
    main()
