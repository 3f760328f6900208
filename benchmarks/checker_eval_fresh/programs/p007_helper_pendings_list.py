"""Shards copied by a helper that submits and returns Pendings; all are waited before the
shards are read."""

from __future__ import annotations

import numpy as np
from llmkit.layers import start_copy

import tilert as tr


def main() -> None:
    sources = [tr.full((256,), float(i)) for i in range(4)]
    shards = [tr.empty((256,)) for _ in sources]
    pendings = []
    for dst, src in zip(shards, sources, strict=True):
        pendings.append(start_copy(dst, src))
    for p in pendings:
        p.wait()
    total = sum(float(s.to_numpy().sum()) for s in shards)
    assert np.isclose(total, 256 * (0 + 1 + 2 + 3))
    print("shards:", total)


if __name__ == "__main__":
    main()
