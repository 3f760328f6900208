"""Broadcast one embedding row into every head buffer; a helper returns the Pendings."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy

import tilert as tr

HEADS, DIM = 4, 128


def broadcast(dsts: list[tr.Tensor], src: tr.Tensor) -> list[tr.Pending]:
    return [copy(d.partition((DIM,)), src).submit() for d in dsts]


def main() -> None:
    src = tr.from_numpy(np.arange(DIM, dtype=np.float32))
    heads = [tr.zeros((DIM,), name=f"head{h}") for h in range(HEADS)]
    pending = broadcast(heads, src)
    for p in pending:
        p.wait()
    stacked = np.stack([h.to_numpy() for h in heads])
    assert (stacked == np.arange(DIM)).all()
    print(stacked.shape)


if __name__ == "__main__":
    main()
