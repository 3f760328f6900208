"""Timing a launch with a context manager: the op is built inside the timed block but the call
that runs it was left out while editing."""

import time
from contextlib import contextmanager

from llmroute import kernels as K

import tilert as tr


@contextmanager
def wall(label, log):
    t0 = time.perf_counter()
    yield
    log[label] = time.perf_counter() - t0


log = {}
x = tr.arange(64)
y = tr.zeros((64,), name="y")
with wall("silu", log):
    op = K.silu(y.partition((16,)), x)  # expect: TC105
print(log)
