"""Host launchers registered by decorator under a name; the gelu stand-in passes its output
tensor where the kernel takes a partition."""

from collections.abc import Callable

import numpy as np
from llmloom import host as H
from llmloom import kernels as K

import tilert as tr

LAUNCHERS: dict[str, Callable[[tr.Tensor, tr.Tensor], tr.Op]] = {}


def register(name: str) -> Callable[[Callable[..., tr.Op]], Callable[..., tr.Op]]:
    def deco(fn: Callable[..., tr.Op]) -> Callable[..., tr.Op]:
        LAUNCHERS[name] = fn
        return fn

    return deco


@register("relu")
def relu(out: tr.Tensor, x: tr.Tensor) -> tr.Op:
    return K.relu(H.tiles(out), x)


@register("gelu")
def gelu(out: tr.Tensor, x: tr.Tensor) -> tr.Op:
    return K.relu(out, x)  # expect: TC106


x, out = H.upload(np.arange(32) - 16.0), tr.zeros((32,))
for name in ("relu", "gelu"):
    LAUNCHERS[name](out, x).sync()  # expect-also
