"""KV slots as dataclasses: the read settles the slot's writes before it looks."""

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
    inflight: tr.Pending[Any] | None = None

    def write(self, k_src: tr.Tensor[tr.f32], v_src: tr.Tensor[tr.f32]) -> None:
        k.copy(tiles(self.key), k_src).sync()
        self.inflight = k.copy(tiles(self.value), v_src).submit()

    def read(self) -> tuple[np.ndarray, np.ndarray]:
        if self.inflight is not None:
            self.inflight.wait()
            self.inflight = None
        return self.key.to_numpy(), self.value.to_numpy()


slots = [KVSlot() for _ in range(3)]
for i, slot in enumerate(slots):
    slot.write(tr.full((HEAD,), float(i)), tr.full((HEAD,), float(-i)))
for i, slot in enumerate(slots):
    key, value = slot.read()
    assert key[0] == i and value[0] == -i
print("ok")
