"""The Qwen3 engine, batch 1: the prompt runs through the attention kernel (causal) in one
pass, then each token is one decode step over the KV cache, captured once in a ``tr.graph()``
and replayed per token.

Why one graph serves every token: nothing the step launches changes between tokens. The
token and its position live in device tensors; the step's kernels read the position there
(``qk_norm_rope_cache`` writes the cache row it selects, ``decode_attention_at`` attends to
the rows up to it), and its last kernel writes the argmax of the logits where the embedding
will read it and advances the position. The host's work per token is the replay and reading
the 4-byte token.

A decode step, per layer: ``gemv_rmsnorm`` (input norm + fused q/k/v projection),
``qk_norm_rope_cache`` (q/k norms, RoPE, the cache append), ``decode_attention_at`` (split +
combine), ``gemv_residual`` (o_proj + residual add), ``gemv_rmsnorm_silu`` (post-attention
norm + gate/up + SiLU), ``gemv_residual`` (down_proj + residual add): 7 launches a layer,
and in the captured graph (sm_90 on) ``prefetch_l2`` of the o projection on a branch beside
the attention;
then ``head`` (the final norm with the LM head, and each block's argmax) and ``pick`` (the
token, and the position advanced)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

import tilert as tr
import tilert.kernels as tk
from tilert.kernels._common import on_gpu
from tilert.models.qwen3.buffers import KVCache, PromptBuffers, StepBuffers
from tilert.models.qwen3.kernels import head, pick
from tilert.models.qwen3.weights import Weights
from tilert.ops import Op

Tensor = tr.Tensor[Any]


def prefetches() -> bool:
    """Whether this device has ``tk.prefetch_l2``'s instruction (a GPU of sm_90 or later)."""
    if not on_gpu():
        return False
    cc = tr.Device().compute_capability
    return cc is not None and cc >= (9, 0)


@dataclass(frozen=True)
class Beside:
    """An op of the captured step that runs beside the ops after it, on a branch of the
    graph: a prefetch, which no result depends on (a step run op by op leaves it out)."""

    op: Op


class Qwen3:
    """Generation with one model's weights and a KV cache of ``max_seq`` positions.

    ``prefill(ids)`` fills the cache with a prompt and returns the last position's logits;
    ``decode_step()`` runs one step eagerly (op by op) and returns its logits; ``generate``
    yields greedy tokens, the steps replayed from a graph. ``set_token`` feeds a token of the
    caller's instead of the argmax (teacher forcing, for comparisons)."""

    def __init__(self, weights: Weights, max_seq: int, *, l2_prefetch: bool | None = None) -> None:
        if max_seq < 1:
            raise ValueError(f"max_seq must be positive, got {max_seq}")
        # the captured step fills L2 with each layer's o projection during its attention, on
        # a branch of the graph (docs/models.md, "Weights prefetched into L2 on a branch"): by
        # default on a GPU that has the prefetch instruction (sm_90 on)
        self.l2_prefetch = prefetches() if l2_prefetch is None else l2_prefetch
        self.weights = weights
        self.config = weights.config
        self.max_seq = max_seq
        self.cache = KVCache(self.config, max_seq, weights.dtype)
        self.step = self._step_buffers()
        if on_gpu():
            # the autotuned kernels choose their configs on their first call, which a graph
            # capture refuses: one step now, on the empty cache (prefill overwrites row 0)
            self.decode_step()

    # -- the host's view of the state (eager use only: a generating graph holds these) --------
    def token(self) -> int:
        """The last token: the argmax of the last step (or prompt), or ``set_token``'s."""
        return int(self.step.token.to_numpy()[0])

    def position(self) -> int:
        """The cache row the next step writes: the number of tokens in the cache."""
        return int(self.step.position.to_numpy()[0])

    def set_token(self, token: int) -> None:
        """Make ``token`` the input of the next step."""
        if not 0 <= token < self.config.vocab_size:
            raise ValueError(f"token {token} outside the vocabulary [0, {self.config.vocab_size})")
        self.step.token.copy_from(np.array([token], dtype=np.int32))

    # -- the prompt ----------------------------------------------------------------------------
    def prefill(self, ids: Sequence[int], *, all_logits: bool = False) -> np.ndarray[Any, Any]:
        """Run the prompt ``ids`` from position 0 (the cache's earlier contents are dropped):
        its keys and values fill the cache, the argmax of its last logits becomes the token.
        Returns the last position's logits ``[vocab]`` (f32), or with ``all_logits`` every
        position's ``[len(ids), vocab]``."""
        ids = [int(i) for i in ids]
        if not 1 <= len(ids) <= self.max_seq:
            raise ValueError(f"a prompt of {len(ids)} tokens: need 1 to {self.max_seq}")
        if not all(0 <= i < self.config.vocab_size for i in ids):
            raise ValueError(f"prompt ids outside the vocabulary [0, {self.config.vocab_size})")
        p = PromptBuffers(self.config, ids, self.weights.dtype, all_logits)
        for op in self._prompt_ops(p):
            op.sync()
        self.step.position.copy_from(np.array([p.n], dtype=np.int32))
        return self._prompt_logits(p)

    def _prompt_ops(self, p: PromptBuffers) -> Iterator[Op]:
        """The prompt's ops in order (each borrows what the one before wrote: run each before
        making the next)."""
        c, w = self.config, self.weights
        eps, n, kv_heads, hd = c.rms_norm_eps, p.n, c.num_key_value_heads, c.head_dim
        yield tk.embedding(p.res, w.embed, p.ids)
        for i, layer in enumerate(w.layers):
            k, v = self.cache.layer(i)
            k_rows, v_rows = k[:, :n], v[:, :n]
            if i == 0:
                yield tk.rmsnorm(p.h, p.res, layer.attn_norm, eps)
            else:
                yield tk.rmsnorm(p.h, p.delta, layer.attn_norm, eps, residual=p.res)
            yield tk.linear(p.qkv, p.h, layer.qkv)
            yield tk.qk_norm_rope(
                p.q,
                k_rows.permute(1, 0, 2),
                v_rows.permute(1, 0, 2),
                p.qkv,
                layer.q_norm,
                layer.k_norm,
                p.positions,
                eps=eps,
                theta=c.rope_theta,
            )
            yield tk.attention(
                p.attn_heads,
                p.q_heads,
                k_rows.reshape(1, kv_heads, n, hd),
                v_rows.reshape(1, kv_heads, n, hd),
                causal=True,
            )
            yield tk.linear(p.delta, p.attn_rows, layer.o)
            yield from self._all_reduce(p.delta)
            yield tk.rmsnorm(p.h, p.delta, layer.mlp_norm, eps, residual=p.res)
            yield tk.linear(p.gate_up, p.h, layer.gate_up.reshape(2 * c.intermediate_size, -1))
            yield tk.silu_and_mul(p.act, p.gate_up)
            yield tk.linear(p.delta, p.act, layer.down)
            yield from self._all_reduce(p.delta)
        yield tk.rmsnorm(p.h, p.delta, w.norm, eps, residual=p.res)
        yield from self._prompt_head(p)

    # -- decode steps --------------------------------------------------------------------------
    def _step_ops(self) -> Iterator[Op]:
        """One decode step's ops in order, run one by one (the branches left out)."""
        for item in self._step_items(branches=False):
            assert not isinstance(item, Beside)
            yield item

    def _step_items(self, branches: bool) -> Iterator[Op | Beside]:
        """One decode step's ops in order: the same tensors and scalars for every token; with
        ``branches``, the ops that run beside them in the captured graph too."""
        c, w, s = self.config, self.weights, self.step
        eps = c.rms_norm_eps
        yield tk.embedding(s.res_a_row, w.embed, s.token)
        for i, layer in enumerate(w.layers):
            k, v = self.cache.layer(i)
            yield tk.gemv_rmsnorm(s.qkv, layer.qkv, s.res_a, layer.attn_norm, eps)
            if branches and self.l2_prefetch:  # HBM is nearly idle in the attention
                yield Beside(tk.prefetch_l2(layer.o))
            yield tk.qk_norm_rope_cache(
                s.q,
                k,
                v,
                s.qkv,
                layer.q_norm,
                layer.k_norm,
                s.position,
                eps=eps,
                theta=c.rope_theta,
            )
            yield tk.decode_attention_at(s.attn, s.q, k, v, s.position, workspace=s.workspace)
            yield tk.gemv_residual(s.res_b, layer.o, s.attn_flat, self._residual(s.res_a))
            yield from self._all_reduce(s.res_b)
            yield tk.gemv_rmsnorm_silu(s.act, layer.gate_up, s.res_b, layer.mlp_norm, eps)
            yield tk.gemv_residual(s.res_a, layer.down, s.act, self._residual(s.res_b))
            yield from self._all_reduce(s.res_a)
        yield from self._step_head()

    # -- what tensor parallelism changes (parallel.Qwen3TP); one device: nothing --------------
    def _step_buffers(self) -> StepBuffers:
        """The decode step's tensors."""
        return StepBuffers(self.config, self.cache, self.weights.dtype)

    def _step_head(self) -> Iterator[Op]:
        """The end of a step: the LM head (and each block's largest logit), then the token."""
        s, w = self.step, self.weights
        yield head(s.logits, s.best, s.where, w.lm_head, s.res_a, w.norm, self.config.rms_norm_eps)
        yield pick(s.token, s.position, s.best, s.where)

    def _prompt_head(self, p: PromptBuffers) -> Iterator[Op]:
        """The end of a prompt (its rows normed in ``p.h``): the logits of every position, or
        of the last, and the argmax of the last as the token."""
        s, w = self.step, self.weights
        if p.logits is not None:
            yield tk.linear(p.logits, p.h, w.lm_head)
            yield tk.argmax(s.token, p.logits[p.n - 1 :])
        else:
            yield tk.gemv(s.logits, w.lm_head, p.h[p.n - 1])
            yield tk.argmax(s.token, s.logits_row)

    def _prompt_logits(self, p: PromptBuffers) -> np.ndarray[Any, Any]:
        """What ``prefill`` returns once the prompt's ops ran (f32)."""
        logits = self.step.logits if p.logits is None else p.logits
        return logits.to_numpy().astype(np.float32)

    def _residual(self, res: Tensor) -> Tensor:
        """The residual a projection's GEMV adds to its output: ``res`` itself here."""
        return res

    def _all_reduce(self, t: Tensor) -> Iterator[Op]:
        """The ops that sum a projection's partial outputs across devices: none here."""
        return iter(())

    def decode_step(self) -> np.ndarray[Any, Any]:
        """One step, op by op: the token goes into the cache at the position, the argmax of
        its logits becomes the token, the position advances. Returns the logits (f32)."""
        self._check_room(1)
        for op in self._step_ops():
            op.sync()
        return self.step.logits.to_numpy().astype(np.float32)

    def _check_room(self, steps: int) -> None:
        if self.position() + steps > self.max_seq:
            raise ValueError(
                f"{steps} more steps from position {self.position()} overrun the cache of "
                f"{self.max_seq} positions (make the engine with a larger max_seq)"
            )

    def capture(self) -> tr.Graph:
        """The decode step recorded in a graph: each ``launch()`` runs one step. The caller
        closes it (the graph holds the step's tensors until then)."""
        side = tr.Stream()
        with tr.graph() as g:
            for item in self._step_items(branches=True):
                if isinstance(item, Beside):
                    g.record(item.op, stream=side)
                else:
                    g.record(item)
        # Unsafe, and why: the host reads the token each replay wrote, between replays (to
        # stream it), but a graph holds what it writes until close(), so tilert has no safe
        # read of it. Dropping the token's borrows is sound as generate() uses it: it reads the
        # token only after waiting for the replay that wrote it and before launching the next,
        # and nothing else writes the token while the graph lives.
        tr.unsafe.force_release(self.step.token)
        return g

    def generate(self, ids: Sequence[int], max_new_tokens: int) -> Iterator[int]:
        """Greedy decoding: prefill ``ids``, then yield ``max_new_tokens`` tokens (the first
        from the prompt's logits, each next from one replay of the captured step)."""
        if max_new_tokens < 1:
            return
        if len(ids) + max_new_tokens - 1 > self.max_seq:
            raise ValueError(
                f"{len(ids)} prompt tokens + {max_new_tokens} new ones overrun the cache of "
                f"{self.max_seq} positions"
            )
        self.prefill(ids)
        yield self.token()
        if max_new_tokens > 1:
            yield from self._replays(max_new_tokens - 1)

    def _replays(self, count: int) -> Iterator[int]:
        """``count`` tokens, each from one replay of the decode step captured once."""
        g = self.capture()
        try:
            for _ in range(count):
                g.launch().wait()
                yield int(self.step.token.to_numpy()[0])
        finally:
            g.close()
