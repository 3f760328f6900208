"""Buffers kept per serving stage in a registry indexed by an Enum; the decode logits are
looked up through ``__getitem__`` and read before the decode step's wait."""

from enum import Enum, auto

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


class Stage(Enum):
    PREFILL = auto()
    DECODE = auto()


class Buffers:
    def __init__(self, n: int) -> None:
        self._bufs = {stage: tr.zeros((n,), name=stage.name.lower()) for stage in Stage}

    def __getitem__(self, stage: Stage) -> tr.Tensor[tr.f32]:
        return self._bufs[stage]


x = vec(np.linspace(-1.0, 1.0, 128))
bufs = Buffers(128)
prefill = K.scale(tiles(bufs[Stage.PREFILL]), x, 2.0).submit()
decode = K.scale(tiles(bufs[Stage.DECODE]), x, 3.0).submit()
prefill.wait()
peak = float(np.abs(bufs[Stage.DECODE].to_numpy()).max())  # expect: TC102
decode.wait()
print(peak)
