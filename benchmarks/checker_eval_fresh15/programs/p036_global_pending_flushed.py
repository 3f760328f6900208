"""A module keeps its in-flight step in a global; flush() runs before report()."""

import numpy as np
from llmlathe import kernels as K
from llmlathe.host import tiles, vec

import tilert as tr

STATE = tr.zeros((32,))
PENDING = None


def launch(delta: tr.Tensor) -> None:
    global PENDING
    flush()
    PENDING = K.accum(tiles(STATE), delta).submit()


def flush() -> None:
    global PENDING
    if PENDING is not None:
        PENDING.wait()
        PENDING = None


def report() -> float:
    return float(STATE.to_numpy().mean())


launch(vec(np.ones(32)))
launch(vec(np.ones(32)))
flush()
assert report() == 2.0
