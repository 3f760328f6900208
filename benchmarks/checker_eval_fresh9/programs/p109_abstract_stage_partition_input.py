"""Pipeline stages from an abstract base; the copy stage forwards its input's tiles."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Stage(ABC):
    def __init__(self, width: int) -> None:
        self.out = tr.zeros((width,))

    @abstractmethod
    def launch(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]: ...


class CopyStage(Stage):
    def launch(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.copy(tiles(self.out), tiles(x))  # expect: TC106


class ReluStage(Stage):
    def launch(self, x: tr.Tensor[tr.f32]) -> tr.Op[Any]:
        return k.relu(tiles(self.out), x)


stages: list[Stage] = [ReluStage(8), CopyStage(8)]
h = tr.full((8,), -1.0)
for stage in stages:
    stage.launch(h).sync()  # expect-also
    h = stage.out
print(h.to_numpy())
