"""Looks suspicious: a validation error is raised while the op is in flight; the `finally`
waits the Pending, and the handler reads only after that."""

from __future__ import annotations

import numpy as np
from llmforge import kernels as k

import tilert as tr


class BadPrompt(ValueError):
    pass


def prefill(cache: tr.Tensor, prompt: np.ndarray) -> None:
    pending = k.copy(cache.partition((16,)), tr.from_numpy(prompt)).submit()
    try:
        if prompt.max() > 100:
            raise BadPrompt("token id out of range")
    finally:
        pending.wait()


cache = tr.zeros((64,))
try:
    prefill(cache, np.full(64, 500.0, np.float32))
except BadPrompt:
    print("rejected; cache holds", cache.to_numpy()[0])
prefill(cache, np.full(64, 7.0, np.float32))
assert cache.to_numpy()[0] == 7.0
