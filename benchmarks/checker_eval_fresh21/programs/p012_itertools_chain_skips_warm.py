"""A warm-up Pending left out of the itertools.chain that waits the batch."""

import itertools

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

x = H.upload(np.arange(32))
scratch = tr.zeros((32,))
outs = [tr.zeros((32,)) for _ in range(3)]


def run_batch() -> None:
    warm = K.fill(H.tiles(scratch), 0.0).submit()  # expect: TC108
    first = [K.scale(H.tiles(outs[0]), x, 2.0).submit()]
    rest = [K.scale(H.tiles(o), x, 3.0).submit() for o in outs[1:]]
    for p in itertools.chain(first, rest):
        p.wait()
    print("batch done", warm.label)


run_batch()
