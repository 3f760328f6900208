"""KV slots as dataclasses: writing a slot submits, reading it should wait first."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr

HEAD = 8


@dataclass
class KVSlot:
    key: tr.Tensor[tr.f32] = field(default_factory=lambda: tr.zeros((HEAD,)))
    value: tr.Tensor[tr.f32] = field(default_factory=lambda: tr.zeros((HEAD,)))
    inflight: list[tr.Pending[Any]] = field(default_factory=list)

    def write(self, k_src: tr.Tensor[tr.f32], v_src: tr.Tensor[tr.f32]) -> None:
        self.inflight.append(k.copy(tiles(self.key), k_src).submit())
        self.inflight.append(k.copy(tiles(self.value), v_src).submit())

    def read(self) -> tuple[np.ndarray, np.ndarray]:
        return self.key.to_numpy(), self.value.to_numpy()  # expect: TC102

    def settle(self) -> None:
        while self.inflight:
            self.inflight.pop().wait()


slot = KVSlot()
slot.write(tr.ones((HEAD,)), tr.full((HEAD,), 2.0))
keys, values = slot.read()  # expect-also
slot.settle()
