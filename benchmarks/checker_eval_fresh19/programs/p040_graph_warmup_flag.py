"""A runner config says `warmup=True`, and `build()` syncs each op once before recording it, also
inside the capture."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from llmfern import kernels as K
from llmfern.host import tiles, upload

import tilert as tr


@dataclass(frozen=True)
class RunnerConfig:
    warmup: bool = True
    scale: float = 0.5


def build(g: tr.Graph, cfg: RunnerConfig, out: tr.Tensor, x: tr.Tensor) -> None:
    if cfg.warmup:
        K.scale(tiles(out), x, cfg.scale).sync()  # expect: TC111
    g.record(K.scale(tiles(out), x, cfg.scale))


x = upload(np.ones(64))
out = tr.zeros(64)
with tr.graph() as g:
    build(g, RunnerConfig(), out, x)  # expect-also
g.launch().wait()
g.close()
