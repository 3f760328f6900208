"""A step function builds its op first and returns early when the token is the pad token."""

from __future__ import annotations

from llmdeck.kernels import axpy

import tilert as tr

PAD = 0
N = 64


def step(state: tr.Tensor, emb: tr.Tensor, token: int) -> None:
    update = axpy(state.partition((16,)), emb, 1.0)  # expect: TC105
    if token == PAD:
        return
    update.sync()


state = tr.zeros((N,))
emb = tr.ones((N,))
for tok in (5, 9, PAD):
    step(state, emb, tok)  # expect-also
