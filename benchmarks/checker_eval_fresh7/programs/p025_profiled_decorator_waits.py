"""A timing decorator that runs the helper's op to completion itself: it submits, records the
end event, waits the Pending, and returns the outputs."""

import functools
import time

import numpy as np
from llmroute import kernels as K

import tilert as tr

log = []


def timed(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        t0 = time.perf_counter()
        op = fn(*args, **kwargs)
        result = op.submit().wait()
        log.append((fn.__name__, time.perf_counter() - t0))
        return result

    return wrapper


@timed
def rescale(out, x, a):
    return K.scale(out.partition((16,)), x, a)


buf = tr.zeros((64,))
rescale(buf, tr.ones((64,)), 4.0)
rescale(buf, tr.full((64,), 2.0), 0.5)
assert np.all(buf.to_numpy() == 1.0)
print([name for name, _ in log])
