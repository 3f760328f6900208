"""Qwen3 in numpy (f64), written from transformers' ``modeling_qwen3`` without tilert or the
engine's code: the reference the engine's logits are held to. It takes the checkpoint's own
tensors (Hugging Face names) and config.json's fields, and recomputes the whole sequence for
every position (no cache), so a decode step is checked against an independent forward pass.

The math, as ``Qwen3ForCausalLM``: ``h = embed[ids]``; per layer ``h += o_proj(attn(rmsnorm(h)))``
and ``h += down_proj(silu(gate_proj(x)) * up_proj(x))`` with ``x = rmsnorm(h)``; attention
with per-head RMSNorm of q and k (``q_norm``, ``k_norm``) before rotary embedding ("rotate
half", ``inv_freq = theta ** -(arange(0, d, 2) / d)``), grouped-query heads (KV head ``h //
group``), scale ``d ** -0.5``, causal softmax; ``logits = lm_head(rmsnorm(h))``, ``lm_head`` the
embedding when ``tie_word_embeddings``. RMSNorm is ``x / sqrt(mean(x**2) + eps) * w``."""

from __future__ import annotations

from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]


def rmsnorm(x: Array, w: Array, eps: float) -> Array:
    return x / np.sqrt(np.mean(x * x, axis=-1, keepdims=True) + eps) * w


def rotate_half(x: Array) -> Array:
    half = x.shape[-1] // 2
    return np.concatenate([-x[..., half:], x[..., :half]], axis=-1)


def rope(x: Array, positions: Array, theta: float) -> Array:
    """``x: [seq, heads, d]`` rotated by position (transformers' ``apply_rotary_pos_emb``)."""
    d = x.shape[-1]
    inv_freq = 1.0 / theta ** (np.arange(0, d, 2, dtype=np.float64) / d)
    freqs = positions[:, None].astype(np.float64) * inv_freq[None, :]
    emb = np.concatenate([freqs, freqs], axis=-1)[:, None, :]
    return x * np.cos(emb) + rotate_half(x) * np.sin(emb)


def attention(q: Array, k: Array, v: Array) -> Array:
    """Causal attention: ``q: [seq, heads, d]``, ``k, v: [seq, kv_heads, d]``."""
    seq, heads, d = q.shape
    group = heads // k.shape[1]
    k, v = np.repeat(k, group, axis=1), np.repeat(v, group, axis=1)
    scores = np.einsum("qhd,khd->hqk", q, k) * d**-0.5
    scores = np.where(np.tril(np.ones((seq, seq), dtype=bool)), scores, -np.inf)
    p = np.exp(scores - scores.max(axis=-1, keepdims=True))
    p /= p.sum(axis=-1, keepdims=True)
    return np.einsum("hqk,khd->qhd", p, v)


def forward(tensors: dict[str, Array], config: dict[str, Any], ids: list[int]) -> Array:
    """Logits ``[len(ids), vocab]`` of every position."""
    t = {name: a.astype(np.float64) for name, a in tensors.items()}
    eps, theta, hd = config["rms_norm_eps"], config["rope_theta"], config["head_dim"]
    heads, kv_heads = config["num_attention_heads"], config["num_key_value_heads"]
    seq = len(ids)
    positions = np.arange(seq)
    h = t["model.embed_tokens.weight"][np.asarray(ids)]
    for n in range(config["num_hidden_layers"]):
        p = f"model.layers.{n}."
        x = rmsnorm(h, t[p + "input_layernorm.weight"], eps)
        q = (x @ t[p + "self_attn.q_proj.weight"].T).reshape(seq, heads, hd)
        k = (x @ t[p + "self_attn.k_proj.weight"].T).reshape(seq, kv_heads, hd)
        v = (x @ t[p + "self_attn.v_proj.weight"].T).reshape(seq, kv_heads, hd)
        q = rope(rmsnorm(q, t[p + "self_attn.q_norm.weight"], eps), positions, theta)
        k = rope(rmsnorm(k, t[p + "self_attn.k_norm.weight"], eps), positions, theta)
        o = attention(q, k, v).reshape(seq, heads * hd)
        h = h + o @ t[p + "self_attn.o_proj.weight"].T
        x = rmsnorm(h, t[p + "post_attention_layernorm.weight"], eps)
        gate = x @ t[p + "mlp.gate_proj.weight"].T
        up = x @ t[p + "mlp.up_proj.weight"].T
        h = h + (gate / (1.0 + np.exp(-gate)) * up) @ t[p + "mlp.down_proj.weight"].T
    h = rmsnorm(h, t["model.norm.weight"], eps)
    head = "model.embed_tokens.weight" if config["tie_word_embeddings"] else "lm_head.weight"
    out: Array = h @ t[head].T
    return out


def greedy(tensors: dict[str, Array], config: dict[str, Any], ids: list[int], n: int) -> list[int]:
    """``n`` tokens by argmax, each from a forward pass over everything before it."""
    seq = list(ids)
    for _ in range(n):
        seq.append(int(np.argmax(forward(tensors, config, seq)[-1])))
    return seq[len(ids) :]
