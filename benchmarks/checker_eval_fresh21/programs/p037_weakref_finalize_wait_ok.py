"""A job object whose weakref.finalize waits its Pending when the job is dropped; the output is
read after the del (CPython frees it, and runs the finalizer, right there)."""

import weakref

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr


class Job:
    def __init__(self, out: tr.Tensor, x: tr.Tensor) -> None:
        self.pending = K.scale(H.tiles(out), x, 4.0).submit()
        weakref.finalize(self, self.pending.wait)


out = tr.zeros((32,))
job = Job(out, H.upload(np.ones(32)))
del job
assert np.allclose(out.to_numpy(), 4.0)
