"""A layer picks (destination, source) from a flag; in place, both are the same tensor."""

from dataclasses import dataclass

from llmkit import kernels as K
from llmkit.host import tiles

import tilert as tr


@dataclass
class State:
    h: tr.Tensor
    tmp: tr.Tensor


def residual(state: State, x: tr.Tensor, in_place: bool) -> None:
    dst, src = (state.h, state.h) if in_place else (state.tmp, state.h)
    K.add(tiles(dst), src, x).sync()  # expect: TC101


st = State(tr.ones((128,)), tr.zeros((128,)))
residual(st, tr.arange(128), in_place=False)
residual(st, tr.arange(128), in_place=True)  # expect-also
