"""A configuration object owning the model's weights; ``reload()`` copies new values into a
weight that a submitted forward still reads."""

from dataclasses import dataclass, field

import numpy as np
from llmkiln import kernels as K
from llmkiln.host import tiles, vec

import tilert as tr


@dataclass
class ModelConfig:
    dim: int = 128
    weights: dict[str, tr.Tensor[tr.f32]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.weights["gain"] = tr.ones((self.dim,))

    def reload(self, name: str, values: np.ndarray) -> None:
        self.weights[name].copy_from(values)  # expect: TC103


cfg = ModelConfig()
x = vec(np.arange(cfg.dim))
y = tr.empty((cfg.dim,))
fwd = K.mul(tiles(y), x, cfg.weights["gain"]).submit()
cfg.reload("gain", np.full(cfg.dim, 2.0, np.float32))  # expect-also
fwd.wait()
