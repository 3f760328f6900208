"""Probe: where the engine's prefill first departs from transformers. One layer of the
Qwen3-4B widths, a 512-token prompt: the q/k/v projections and the attention output (o_proj's
input), engine (bf16, op by op) against transformers (bf16, hooks)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_qwen3 import engine_from, hf_model, qwen3_4b_config, save

from tilert.models.qwen3.buffers import PromptBuffers


def show(name: str, ours: np.ndarray, theirs: np.ndarray) -> None:
    diff = np.abs(ours.astype(np.float32) - theirs.astype(np.float32))
    worst = np.unravel_index(diff.argmax(), diff.shape)
    rows = diff.reshape(diff.shape[0], -1).max(1)
    print(
        f"{name:<16} max |diff| {diff.max():.4f} at {tuple(int(i) for i in worst)}, mean "
        f"{diff.mean():.5f}, scale {np.abs(theirs).max():.3f}; by row: first 8 "
        f"{rows[:8].round(3)}, last 4 {rows[-4:].round(3)}"
    )


def main(n: int = 512) -> None:
    model = hf_model(qwen3_4b_config(1))
    captured: dict[str, Any] = {}
    attn = model.model.layers[0].self_attn
    for name in ("q_proj", "k_proj", "v_proj"):
        getattr(attn, name).register_forward_hook(
            lambda m, i, o, name=name: captured.__setitem__(name, o[0].float().cpu().numpy())
        )
    attn.o_proj.register_forward_pre_hook(
        lambda m, i: captured.__setitem__("attention", i[0][0].float().cpu().numpy())
    )
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, n)]
    with torch.no_grad():
        model(torch.tensor([prompt], device="cuda"))
    engine = engine_from(save(model), max_seq=n + 8)
    c = engine.config
    p = PromptBuffers(c, prompt, engine.weights.dtype, False)
    seen = 0
    for op in engine._prompt_ops(p):
        op.sync()
        seen += 1
        if seen == 3:  # embedding, rmsnorm, the q/k/v projection
            qkv = p.qkv.to_numpy().astype(np.float32)
            q_size, kv_size = c.num_attention_heads * c.head_dim, c.num_key_value_heads * c.head_dim
            show("q_proj", qkv[:, :q_size], captured["q_proj"])
            show("k_proj", qkv[:, q_size : q_size + kv_size], captured["k_proj"])
            show("v_proj", qkv[:, q_size + kv_size :], captured["v_proj"])
        if seen == 5:  # + q/k norm, RoPE, cache write; attention
            show("attention", p.attn_rows.to_numpy(), captured["attention"])


if __name__ == "__main__":
    main()
