"""The tensors the engine's kernels write, made ahead: the KV cache, the decode step's buffers
(the same tensors every step, which is what lets one captured graph serve every token) and a
prompt's buffers (made per prompt: their shapes depend on its length)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import tilert as tr
import tilert.kernels as tk
from tilert.models.qwen3.config import Qwen3Config
from tilert.models.qwen3.kernels import partials

Tensor = tr.Tensor[Any]


class KVCache:
    """One tensor ``[layers, 2 (k, v), kv_heads, max_seq, head_dim]``; ``layer(n)`` are the
    views ``(k, v)`` of layer ``n``, each ``[kv_heads, max_seq, head_dim]``, which the ops that
    write them borrow (views of different layers are disjoint memory, so tilert lets ops on
    different layers be in flight at once)."""

    def __init__(self, c: Qwen3Config, max_seq: int, dtype: type[tr.DType]) -> None:
        shape = (c.num_hidden_layers, 2, c.num_key_value_heads, max_seq, c.head_dim)
        self.tensor = tr.zeros(shape, dtype=dtype, name="kv cache")
        self.max_seq = max_seq
        self._layers = [(self.tensor[n, 0], self.tensor[n, 1]) for n in range(shape[0])]

    def layer(self, n: int) -> tuple[Tensor, Tensor]:
        return self._layers[n]


class StepBuffers:
    """What a decode step reads and writes besides the weights and the cache. ``token`` (the
    last token, not yet in the cache) and ``position`` (its row) are device tensors the step
    updates itself: the embedding reads the token the previous step's argmax wrote, and the
    kernels that depend on the position read it on the device. The residual stream alternates
    between ``res_a`` and ``res_b`` (a GEMV adds into a tensor other than the one it reads).
    ``make`` makes the residual stream's two tensors (a tensor-parallel rank's collectives
    all-reduce them: ``Qwen3TP`` makes them in its communicator's windows); ``logits``, the
    logits to use (a tensor-parallel rank's are a view of what an all-gather fills)."""

    def __init__(
        self,
        c: Qwen3Config,
        cache: KVCache,
        dtype: type[tr.DType],
        make: Callable[[tuple[int, ...], type[tr.DType], str], Tensor] | None = None,
        logits: Tensor | None = None,
    ) -> None:
        d, heads, hd = c.hidden_size, c.num_attention_heads, c.head_dim
        if make is None:
            make = _zeros
        self.token = tr.zeros((1,), dtype=tr.i32, name="token")
        self.position = tr.zeros((1,), dtype=tr.i32, name="position")
        self.res_a = make((d,), dtype, "residual a")
        self.res_b = make((d,), dtype, "residual b")
        self.qkv = tr.zeros((c.qkv_size,), dtype=dtype, name="qkv")
        self.q = tr.zeros((heads, hd), dtype=dtype, name="q")
        self.attn = tr.zeros((heads, hd), dtype=dtype, name="attention out")
        self.act = tr.zeros((c.intermediate_size,), dtype=dtype, name="mlp act")
        if logits is None:
            logits = tr.zeros((c.vocab_size,), dtype=dtype, name="logits")
        self.logits = logits
        self.best, self.where = partials(c.vocab_size)  # the LM head's per-block argmax
        self.workspace = tk.decode_workspace_at(self.q, cache.layer(0)[0])
        # views made once: the embedding writes a [1, hidden] row, the prompt's argmax reads
        # [1, vocab]
        self.res_a_row = self.res_a.reshape(1, d)
        self.attn_flat = self.attn.reshape(heads * hd)
        self.logits_row = self.logits.reshape(1, c.vocab_size)


def _zeros(shape: tuple[int, ...], dtype: type[tr.DType], name: str) -> Tensor:
    return tr.zeros(shape, dtype=dtype, name=name)


class PromptBuffers:
    """A prompt of ``n`` tokens: its ids and positions, the residual stream and the
    intermediates of one layer, all ``[n, ...]``; ``logits`` only when every position's
    logits are asked for."""

    def __init__(
        self, c: Qwen3Config, ids: list[int], dtype: type[tr.DType], all_logits: bool
    ) -> None:
        n, d = len(ids), c.hidden_size
        heads, hd = c.num_attention_heads, c.head_dim
        self.n = n
        self.ids = tr.from_numpy(np.asarray(ids, dtype=np.int32), name="prompt ids")
        self.positions = tr.from_numpy(np.arange(n, dtype=np.int32), name="prompt positions")
        self.res = tr.empty((n, d), dtype=dtype, name="prompt residual")
        self.h = tr.empty((n, d), dtype=dtype, name="prompt normed")
        self.delta = tr.empty((n, d), dtype=dtype, name="prompt delta")
        self.qkv = tr.empty((n, c.qkv_size), dtype=dtype, name="prompt qkv")
        self.q = tr.empty((n, heads, hd), dtype=dtype, name="prompt q")
        self.attn = tr.empty((n, heads, hd), dtype=dtype, name="prompt attention out")
        self.gate_up = tr.empty((n, 2 * c.intermediate_size), dtype=dtype, name="prompt gate_up")
        self.act = tr.empty((n, c.intermediate_size), dtype=dtype, name="prompt mlp act")
        self.logits = tr.empty((n, c.vocab_size), dtype=dtype) if all_logits else None
        # attention's [batch, heads, seq, head_dim] views of the [seq, heads, head_dim] rows
        self.q_heads = self.q.permute(1, 0, 2).reshape(1, heads, n, hd)
        self.attn_heads = self.attn.permute(1, 0, 2).reshape(1, heads, n, hd)
        self.attn_rows = self.attn.reshape(n, heads * hd)
