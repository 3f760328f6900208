"""Broadcast into head buffers; the caller waits all but the last Pending."""

from __future__ import annotations

import numpy as np
from llmserve.kernels import copy

import tilert as tr

HEADS, DIM = 4, 128


def broadcast(dsts: list[tr.Tensor], src: tr.Tensor) -> list[tr.Pending]:
    return [copy(d.partition((DIM,)), src).submit() for d in dsts]  # expect: TC108


def first_heads(src: tr.Tensor) -> np.ndarray:
    heads = [tr.zeros((DIM,)) for _ in range(HEADS)]
    pending = broadcast(heads, src)  # expect-also
    for p in pending[:-1]:
        p.wait()
    return np.stack([h.to_numpy() for h in heads[:-1]])


def main() -> None:
    out = first_heads(tr.ones((DIM,)))
    print(out.shape, out.sum())


if __name__ == "__main__":
    main()
