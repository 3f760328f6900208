"""A request handler validates the prompt before submitting, and waits in a finally."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


def handle(prompt: np.ndarray, out: tr.Tensor) -> np.ndarray | None:
    if not np.isfinite(prompt).all():
        return None
    pending = K.scale(H.tiles(out), H.upload(prompt), 0.5).submit()
    try:
        return None if prompt.sum() < 0 else np.zeros(0)
    finally:
        pending.wait()


bad = np.ones(32)
bad[3] = np.nan
assert handle(bad, tr.zeros((32,))) is None
out = tr.zeros((32,))
assert handle(np.ones(32), out) is not None
assert np.allclose(out.to_numpy(), 0.5)
