"""A static KV cache (gpt-fast style) as a dataclass holding one tensor per layer; reset()
clears it between prompts with the fill kernel."""

from dataclasses import dataclass, field

import numpy as np
from infercore import copy, fill

import tilert as tr


@dataclass
class StaticKVCache:
    layers: int
    max_seq: int
    dim: int
    k: list[tr.Tensor] = field(default_factory=list)
    v: list[tr.Tensor] = field(default_factory=list)

    def __post_init__(self) -> None:
        for i in range(self.layers):
            self.k.append(tr.zeros((self.max_seq, self.dim), name=f"k{i}"))
            self.v.append(tr.zeros((self.max_seq, self.dim), name=f"v{i}"))

    def update(self, layer: int, pos: int, k_val: tr.Tensor, v_val: tr.Tensor) -> None:
        copy(self.k[layer][pos].partition((self.dim,)), k_val).sync()
        copy(self.v[layer][pos].partition((self.dim,)), v_val).sync()

    def reset(self) -> None:
        for k, v in zip(self.k, self.v, strict=True):
            fill(k, 0.0).sync()  # expect: TC106
            fill(v, 0.0).sync()


cache = StaticKVCache(layers=2, max_seq=8, dim=32)
rng = np.random.default_rng(34)
for prompt in range(2):
    for pos in range(3):
        for layer in range(cache.layers):
            kv = tr.from_numpy(rng.standard_normal(32).astype(np.float32))
            cache.update(layer, pos, kv, kv)
    print("prompt", prompt, "cache sum", float(cache.k[0].to_numpy().sum()))
    cache.reset()  # expect-also: TC106
