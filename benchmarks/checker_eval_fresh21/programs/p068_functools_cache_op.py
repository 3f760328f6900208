"""Warm-up ops memoised with functools.cache by size: the second warm-up of a size syncs the
cached op again."""

import functools

from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

scratch = {n: tr.zeros((n,)) for n in (16, 32)}


@functools.cache
def warm_op(n: int) -> tr.Op:
    return K.fill(H.tiles(scratch[n]), 0.0)


def warm(n: int) -> None:
    warm_op(n).sync()  # expect: TC110


for n in (16, 32):
    warm(n)
warm(16)  # expect-also
