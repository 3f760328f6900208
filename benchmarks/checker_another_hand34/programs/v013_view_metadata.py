"""Request logging on an in-flight output: shape, strides, contiguity and a view's base are
logged (metadata), then the first row's values are dumped for the trace."""

from __future__ import annotations

import logging

import numpy as np

import tilert as tr
from vkit import kernels as K
from vkit.host import tiles, upload

log = logging.getLogger("serve")
ROWS, VOCAB = 4, 128


def handle(hidden: tr.Tensor, logits: tr.Tensor) -> np.ndarray:
    pending = K.scale(tiles(logits), hidden, 0.5).submit()
    log.info(
        "logits %s strides=%s contiguous=%s", logits.shape, logits.strides, logits.is_contiguous()
    )
    first = logits[0]
    assert first.base is logits and first.shape == (VOCAB,) and first.ndim == 1
    trace = np.asarray(first)[:8]  # expect: TC102
    pending.wait()
    return trace


if __name__ == "__main__":
    hidden = upload(np.arange(ROWS * VOCAB).reshape(ROWS, VOCAB), name="hidden")
    print(handle(hidden, tr.zeros((ROWS, VOCAB), name="logits")))
