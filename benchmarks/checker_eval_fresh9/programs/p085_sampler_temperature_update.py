"""A sampler with a temperature buffer per request, updated when a request changes settings."""

from __future__ import annotations

from typing import Any

import numpy as np
from llmcraft import kernels as k
from llmcraft.host import tiles

import tilert as tr


class Sampler:
    def __init__(self, requests: list[str], vocab: int) -> None:
        self.temps = {r: tr.ones((vocab,), name=f"temp.{r}") for r in requests}
        self.scaled = {r: tr.zeros((vocab,)) for r in requests}
        self.inflight: dict[str, tr.Pending[Any]] = {}

    def launch(self, req: str, logits: tr.Tensor[tr.f32]) -> None:
        self.inflight[req] = k.mul(tiles(self.scaled[req]), logits, self.temps[req]).submit()

    def set_temperature(self, req: str, t: float) -> None:
        inv = np.full(self.temps[req].shape, 1 / t, np.float32)
        self.temps[req].copy_from(inv)  # expect: TC103

    def finish(self) -> None:
        for p in self.inflight.values():
            p.wait()
        self.inflight.clear()


sampler = Sampler(["a", "b"], 8)
logits = tr.arange(8)
sampler.launch("a", logits)
sampler.launch("b", logits)
sampler.set_temperature("b", 0.5)  # expect-also
sampler.finish()
