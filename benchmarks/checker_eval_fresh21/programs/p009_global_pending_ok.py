"""A module-level Pending kept in a global by launch(); report() drains it before reading."""

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

STATS = tr.zeros((32,))
_inflight: tr.Pending | None = None


def launch(x: tr.Tensor) -> None:
    global _inflight
    _inflight = K.relu(H.tiles(STATS), x).submit()


def report() -> float:
    global _inflight
    if _inflight is not None:
        _inflight.wait()
        _inflight = None
    return float(STATS.to_numpy().sum())


launch(H.upload(np.arange(32) - 16))
assert report() == sum(range(1, 16))
