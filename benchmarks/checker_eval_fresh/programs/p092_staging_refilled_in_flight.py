"""A host staging buffer feeds copies that are submitted and waited later; the next request's
data is copied into the staging buffer while the previous copy still reads it."""

from __future__ import annotations

import numpy as np
from llmkit.kernels import copy

import tilert as tr


def main() -> None:
    staging = tr.zeros((256,), name="staging")
    outs = [tr.empty((256,), name=f"out{i}") for i in range(3)]
    pendings = []
    for i, out in enumerate(outs):
        staging.copy_from(np.full(256, float(i), dtype=np.float32))  # expect: TC103
        pendings.append(copy(out.partition((64,)), staging).submit())
    for p in pendings:
        p.wait()


if __name__ == "__main__":
    main()
