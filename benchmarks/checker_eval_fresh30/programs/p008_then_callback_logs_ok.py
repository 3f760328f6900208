"""Norm then projection as a .then chain; the result is logged once the chain is done."""

import logging

import numpy as np

import tilert as tr
import tilert.kernels as tk

log = logging.getLogger(__name__)

TOKENS, D = 8, 64
x = tr.from_numpy(np.random.default_rng(1).standard_normal((TOKENS, D)).astype(np.float32))
w_norm = tr.ones((D,))
w_proj = tr.from_numpy(np.eye(D, dtype=np.float32))
normed = tr.empty((TOKENS, D))
y = tr.empty((TOKENS, D))


def project(*_: object) -> tr.Op:
    return tk.gemm(y, normed, w_proj)


tk.rmsnorm(normed, x, w_norm).then(project).sync()
log.info("normed mean %.4f", float(normed.to_numpy().mean()))
print(y.to_numpy()[0, :4])
