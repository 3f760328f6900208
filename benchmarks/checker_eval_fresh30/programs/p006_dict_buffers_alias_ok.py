"""Residual stream kept in a dict of named buffers, as a hand-written decoder layer does."""

import numpy as np
from llmquill import add, copy

import tilert as tr

HIDDEN = 512


def make_buffers() -> dict[str, tr.Tensor]:
    return {
        "hidden": tr.from_numpy(np.ones(HIDDEN, dtype=np.float32)),
        "attn_out": tr.full((HIDDEN,), 0.25),
        "scratch": tr.empty((HIDDEN,)),
    }


def residual(bufs: dict[str, tr.Tensor]) -> None:
    add(bufs["scratch"].partition((128,)), bufs["hidden"], bufs["attn_out"]).sync()
    copy(bufs["hidden"].partition((128,)), bufs["scratch"]).sync()


buffers = make_buffers()
residual(buffers)
print(buffers["hidden"].to_numpy()[:4])
