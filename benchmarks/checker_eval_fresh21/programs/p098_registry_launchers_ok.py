"""Host launchers registered by decorator under a name, each planning its output."""

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


@register("copy")
def copy(out: tr.Tensor, x: tr.Tensor) -> tr.Op:
    return K.copy(H.tiles(out), x)


x = H.upload(np.arange(32) - 16.0)
outs = {name: tr.zeros((32,)) for name in LAUNCHERS}
for name, launch in LAUNCHERS.items():
    launch(outs[name], x).sync()
assert outs["relu"].to_numpy().min() == 0.0 and outs["copy"].to_numpy().min() == -16.0
