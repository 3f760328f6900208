"""A tiny Llama-style model written the gpt-fast way: a Transformer with its layers, a static
KV cache per layer, prefill of the prompt token by token, then decode with the step captured
in a CUDA graph once and replayed. Every buffer is allocated up front."""

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from infercore import add, copy

import tilert as tr
import tilert.kernels as tk

Run = Callable[[tr.Op], object]


@dataclass
class Config:
    vocab: int = 128
    dim: int = 64
    n_layers: int = 2
    n_heads: int = 4
    n_kv_heads: int = 2
    ffn: int = 128
    max_seq: int = 16

    @property
    def head_dim(self) -> int:
        return self.dim // self.n_heads


class Layer:
    def __init__(self, cfg: Config, rng: np.random.Generator) -> None:
        s = 1.0 / np.sqrt(cfg.dim)
        kv_dim = cfg.n_kv_heads * cfg.head_dim

        def w(*shape: int) -> tr.Tensor:
            return tr.from_numpy((rng.standard_normal(shape) * s).astype(np.float32))

        self.cfg = cfg
        self.attn_norm = tr.ones((cfg.dim,))
        self.mlp_norm = tr.ones((cfg.dim,))
        self.wq, self.wk, self.wv = w(cfg.dim, cfg.dim), w(kv_dim, cfg.dim), w(kv_dim, cfg.dim)
        self.wo = w(cfg.dim, cfg.dim)
        self.w_gate_up = w(2 * cfg.ffn, cfg.dim)
        self.w_down = w(cfg.dim, cfg.ffn)
        cache_shape = (cfg.n_kv_heads, cfg.max_seq, cfg.head_dim)
        self.k_cache, self.v_cache = tr.zeros(cache_shape), tr.zeros(cache_shape)
        # activations of one token
        self.normed = tr.empty((cfg.dim,))
        self.q, self.k, self.v = tr.empty((cfg.dim,)), tr.empty((kv_dim,)), tr.empty((kv_dim,))
        self.attn = tr.empty((cfg.n_heads, cfg.head_dim))
        self.proj = tr.empty((cfg.dim,))
        self.gate_up = tr.empty((1, 2 * cfg.ffn))
        self.act = tr.empty((1, cfg.ffn))
        self.mlp_out = tr.empty((cfg.dim,))
        self.workspace = tk.decode_workspace_at(
            self.q.reshape(cfg.n_heads, cfg.head_dim), self.k_cache
        )

    def forward(
        self, h: tr.Tensor, tmp: tr.Tensor, position: tr.Tensor, pos: int, run: Run
    ) -> None:
        """One token at `pos`: each op made in order and handed to `run` (the new key and
        value are copied into the cache rows at `pos`)."""
        cfg = self.cfg
        hd = cfg.head_dim
        t = (hd,)
        run(tk.rmsnorm(self.normed.reshape(1, cfg.dim), h.reshape(1, cfg.dim), self.attn_norm))
        run(tk.gemv(self.q, self.wq, self.normed))
        run(tk.gemv(self.k, self.wk, self.normed))
        run(tk.gemv(self.v, self.wv, self.normed))
        for kv in range(cfg.n_kv_heads):
            run(copy(self.k_cache[kv, pos].partition(t), self.k[kv * hd : (kv + 1) * hd]))
            run(copy(self.v_cache[kv, pos].partition(t), self.v[kv * hd : (kv + 1) * hd]))
        q = self.q.reshape(cfg.n_heads, hd)
        run(
            tk.decode_attention_at(
                self.attn, q, self.k_cache, self.v_cache, position, workspace=self.workspace
            )
        )
        run(tk.gemv(self.proj, self.wo, self.attn.reshape(cfg.dim)))
        run(add(tmp.partition((cfg.dim,)), h, self.proj))
        run(tk.rmsnorm(self.normed.reshape(1, cfg.dim), tmp.reshape(1, cfg.dim), self.mlp_norm))
        run(tk.linear(self.gate_up, self.normed.reshape(1, cfg.dim), self.w_gate_up))
        run(tk.silu_and_mul(self.act, self.gate_up))
        run(tk.gemv(self.mlp_out, self.w_down, self.act.reshape(cfg.ffn)))
        run(add(h.partition((cfg.dim,)), tmp, self.mlp_out))


class Transformer:
    def __init__(self, cfg: Config, seed: int = 0) -> None:
        rng = np.random.default_rng(seed)
        self.cfg = cfg
        self.embed = tr.from_numpy(rng.standard_normal((cfg.vocab, cfg.dim)).astype(np.float32))
        self.layers = [Layer(cfg, rng) for _ in range(cfg.n_layers)]
        self.norm = tr.ones((cfg.dim,))
        self.h = tr.empty((1, cfg.dim))
        self.tmp = tr.empty((cfg.dim,))
        self.normed = tr.empty((1, cfg.dim))
        self.logits = tr.empty((1, cfg.vocab))
        self.token = tr.zeros((1,), dtype=tr.i32)
        self.position = tr.zeros((1,), dtype=tr.i32)

    def step(self, pos: int, run: Run) -> None:
        h = self.h.reshape(self.cfg.dim)
        run(tk.embedding(self.h, self.embed, self.token))
        for layer in self.layers:
            layer.forward(h, self.tmp, self.position, pos, run)
        run(tk.rmsnorm(self.normed, self.h, self.norm))
        run(tk.linear(self.logits, self.normed, self.embed))  # tied embeddings
        run(tk.argmax(self.token, self.logits))

    def run_step(self, token: int | None, pos: int) -> int:
        if token is not None:
            self.token.copy_from(np.array([token], dtype=np.int32))
        self.position.copy_from(np.array([pos], dtype=np.int32))
        self.step(pos, lambda op: op.sync())
        return int(self.token.to_numpy()[0])


def generate(model: Transformer, prompt: list[int], new_tokens: int) -> list[int]:
    nxt = 0
    for pos, tok in enumerate(prompt):  # prefill, one token at a time, eagerly
        nxt = model.run_step(tok, pos)
    out = [nxt]
    for pos in range(len(prompt), len(prompt) + new_tokens - 1):
        out.append(model.run_step(None, pos))
    return out


def generate_graphs(model: Transformer, prompt: list[int], new_tokens: int) -> list[int]:
    """The same, each decode position's step captured as a graph (the cache row differs)."""
    nxt = 0
    for pos, tok in enumerate(prompt):
        nxt = model.run_step(tok, pos)
    out = [nxt]
    for pos in range(len(prompt), len(prompt) + new_tokens - 1):
        model.position.copy_from(np.array([pos], dtype=np.int32))
        with tr.graph() as g:
            model.step(pos, g.record)
        g.launch().wait()
        g.close()
        out.append(int(model.token.to_numpy()[0]))
    return out


cfg = Config()
eager = generate(Transformer(cfg, seed=50), [3, 14, 15, 9], new_tokens=5)
graphed = generate_graphs(Transformer(cfg, seed=50), [3, 14, 15, 9], new_tokens=5)
print("eager ", eager)
print("graphs", graphed)
assert eager == graphed
