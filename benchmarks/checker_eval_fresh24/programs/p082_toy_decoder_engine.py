"""A toy decoder engine: weights and KV cache on the object, a prefill, then greedy decode steps.

Each layer is RMSNorm -> value projection (written into the layer's cache row) -> gated MLP
with a residual; the LM head and argmax pick the next token.
"""

from dataclasses import dataclass

import numpy as np
from llmbasin import add_, copy

import tilert as tr
import tilert.kernels as tk


@dataclass
class Config:
    vocab: int = 256
    hidden: int = 128
    ffn: int = 256
    layers: int = 2
    max_seq: int = 16


class Layer:
    def __init__(self, cfg: Config, rng: np.random.Generator) -> None:
        h, f = cfg.hidden, cfg.ffn
        self.norm_w = tr.from_numpy(np.ones(h, dtype=np.float32))
        self.w_v = tr.from_numpy((rng.standard_normal((h, h)) * 0.05).astype(np.float32))
        self.w_gate_up = tr.from_numpy((rng.standard_normal((2 * f, h)) * 0.05).astype(np.float32))
        self.w_down = tr.from_numpy((rng.standard_normal((h, f)) * 0.05).astype(np.float32))
        self.v_cache = tr.zeros((cfg.max_seq, h), name="v_cache")
        self.normed = tr.empty((1, h), name="normed")
        self.v = tr.empty((h,), name="v")
        self.gate_up = tr.empty((2 * f,), name="gate_up")
        self.act = tr.empty((1, f), name="act")
        self.down = tr.empty((h,), name="down")


class Engine:
    def __init__(self, cfg: Config, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.cfg = cfg
        self.embed = rng.standard_normal((cfg.vocab, cfg.hidden)).astype(np.float32)
        self.layers = [Layer(cfg, rng) for _ in range(cfg.layers)]
        self.final_w = tr.from_numpy(np.ones(cfg.hidden, dtype=np.float32))
        self.lm_head = tr.from_numpy(
            (rng.standard_normal((cfg.vocab, cfg.hidden)) * 0.05).astype(np.float32)
        )
        self.x = tr.zeros((cfg.hidden,), name="x")
        self.final = tr.empty((1, cfg.hidden), name="final")
        self.logits = tr.empty((cfg.vocab,), name="logits")
        self.next_id = tr.zeros((1,), dtype=tr.i32, name="next_id")
        self.pos = 0

    def _layer(self, layer: Layer) -> None:
        h = self.cfg.hidden
        x2d = self.x.reshape(1, h)
        tk.rmsnorm(layer.normed, x2d, layer.norm_w).sync()
        tk.gemv(layer.v, layer.w_v, layer.normed.reshape(h)).sync()
        copy(layer.v_cache[self.pos].partition((h,)), layer.v).submit()  # expect: TC108
        tk.gemv(layer.gate_up, layer.w_gate_up, layer.normed.reshape(h)).sync()
        tk.silu_and_mul(layer.act, layer.gate_up.reshape(1, -1)).sync()
        tk.gemv(layer.down, layer.w_down, layer.act.reshape(-1)).sync()
        add_(self.x.partition((h,)), layer.down).sync()

    def step(self, token: int) -> int:
        self.x.copy_from(self.embed[token])
        for layer in self.layers:
            self._layer(layer)
        tk.rmsnorm(self.final, self.x.reshape(1, -1), self.final_w).sync()
        tk.gemv(self.logits, self.lm_head, self.final.reshape(-1)).sync()
        tk.argmax(self.next_id, self.logits.reshape(1, -1)).sync()
        self.pos += 1
        return int(self.next_id.to_numpy()[0])

    def generate(self, prompt: list[int], max_new: int) -> list[int]:
        token = prompt[0]
        for t in prompt[1:]:
            self.step(token)
            token = t
        out = []
        for _ in range(max_new):
            token = self.step(token)
            out.append(token)
        return out


def main() -> None:
    engine = Engine(Config())
    print(engine.generate([1, 5, 9], max_new=6))


if __name__ == "__main__":
    main()
