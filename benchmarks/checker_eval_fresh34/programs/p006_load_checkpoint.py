"""Loading a checkpoint into preallocated device buffers: each host array is staged as a
tilert tensor and copied into the model's parameter buffer by a copy kernel."""

import numpy as np
from infercore import copy

import tilert as tr

SHAPES = {
    "embed.weight": (128, 64),
    "layers.0.attn.wqkv": (192, 64),
    "layers.0.mlp.w_up": (256, 64),
    "norm.weight": (1, 64),
}


def fake_checkpoint(seed: int) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    return {name: rng.standard_normal(shape).astype(np.float32) for name, shape in SHAPES.items()}


class ParamStore:
    def __init__(self) -> None:
        self.params = {name: tr.empty(shape, name=name) for name, shape in SHAPES.items()}

    def load(self, state: dict[str, np.ndarray]) -> None:
        for name, array in state.items():
            dst = self.params[name]
            staged = tr.from_numpy(array)
            copy(dst, staged).sync()  # expect: TC106

    def checksum(self) -> float:
        return float(sum(p.to_numpy().sum() for p in self.params.values()))


store = ParamStore()
store.load(fake_checkpoint(0))  # expect-also: TC106
print(f"loaded {len(store.params)} tensors, checksum {store.checksum():.3f}")
