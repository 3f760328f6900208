"""A sampler with a temperature per request, requests as NamedTuples, logits scaled and
soft-maxed in one chain per request, all zipped."""

from typing import NamedTuple

import numpy as np
from llmkit import kernels as K

import tilert as tr
import tilert.kernels as tk


class Request(NamedTuple):
    logits: tr.Tensor
    scaled: tr.Tensor
    probs: tr.Tensor
    temperature: float


rng = np.random.default_rng(11)
reqs = [
    Request(
        tr.from_numpy(rng.standard_normal((1, 64)).astype(np.float32)),
        tr.zeros((1, 64)),
        tr.zeros((1, 64)),
        t,
    )
    for t in (0.5, 1.0, 2.0)
]


def sample_op(r: Request) -> tr.Op:
    return K.scale(r.scaled.partition((1, 64)), r.logits, 1.0 / r.temperature).then(
        lambda *_: tk.softmax(r.probs, r.scaled)
    )


tr.zip(*(sample_op(r) for r in reqs)).sync()
for r in reqs:
    p = r.probs.to_numpy()
    assert abs(p.sum() - 1.0) < 1e-5
    ref = np.exp(r.logits.to_numpy() / r.temperature)
    np.testing.assert_allclose(p, ref / ref.sum(), rtol=1e-4)
