"""Probe: is the engine's 36-layer difference from transformers bf16 rounding or an error?
The Qwen3-4B shape with random weights (as gpu_bench_qwen3.py makes them): the last logits of a
512-token prompt from the engine (bf16), transformers in bf16 and transformers in f32 (the
reference). If the engine is as far from f32 as transformers' own bf16 is, the difference is
rounding; if much farther, an error. ``--by-length``: the gap by prompt length; ``--by-layer``:
per layer, the attention output and the layer's output against transformers f32 (and layer 0
against an f32 computation from the engine's own inputs). Found the reference's RoPE frequencies
rounded to bf16 (docs/models.md), since put back in f32 by ``hf_model``."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_qwen3 import engine_from, hf_model, qwen3_4b_config, save


def report(name: str, logits: np.ndarray, reference: np.ndarray) -> None:
    diff = np.abs(logits - reference)
    print(
        f"{name:<22} max |diff| {diff.max():.4f}  mean {diff.mean():.5f}  argmax {logits.argmax()}"
        f"  (reference argmax {reference.argmax()}, scale {np.abs(reference).max():.3f})"
    )


def by_length(layers: int = 4) -> None:
    """The engine's last prompt logits against transformers' bf16 by prompt length: where the
    difference starts tells which tiling it comes from."""
    model = hf_model(qwen3_4b_config(layers))
    engine = engine_from(save(model), max_seq=600)
    for n in (48, 63, 64, 65, 127, 128, 129, 200, 256, 257, 512):
        prompt = [int(t) for t in np.random.default_rng(n).integers(0, 151936, n)]
        with torch.no_grad():
            hf = model(torch.tensor([prompt], device="cuda")).logits[0, -1].float().cpu().numpy()
        ours = engine.prefill(prompt)
        gap = np.abs(ours - hf).max()
        print(f"{layers} layers, prompt {n:>3}: max |engine - hf bf16| {gap:.4f}")


def by_layer(layers: int = 4, n: int = 512) -> None:
    """Per layer, the attention output (o_proj's input) and the hidden state after the layer:
    the engine and transformers bf16, each against transformers f32. Where the engine's error
    outgrows bf16's tells the step that adds it."""
    from tilert.models.qwen3.buffers import PromptBuffers

    model = hf_model(qwen3_4b_config(layers))
    path = save(model)
    prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, n)]
    ids = torch.tensor([prompt], device="cuda")

    def run(m: object) -> tuple[list[np.ndarray], list[np.ndarray]]:
        attn: list[np.ndarray] = []
        hooks = [
            layer.self_attn.o_proj.register_forward_pre_hook(
                lambda mod, i: attn.append(i[0][0].float().cpu().numpy())
            )
            for layer in m.model.layers  # type: ignore[attr-defined]
        ]
        with torch.no_grad():
            out = m(ids, output_hidden_states=True)  # type: ignore[operator]
        for h in hooks:
            h.remove()
        # hidden_states[i + 1] is layer i's output (the last one after the final norm: skip)
        hidden = [h[0].float().cpu().numpy() for h in out.hidden_states[1:layers]]
        return attn, hidden

    bf16_attn, bf16_hidden = run(model)
    f32_attn, f32_hidden = run(model.float())
    del model
    torch.cuda.empty_cache()
    engine = engine_from(path, max_seq=n + 8)
    p = PromptBuffers(engine.config, prompt, engine.weights.dtype, False)
    ours_attn: list[np.ndarray] = []
    ours_hidden: list[np.ndarray] = []
    for index, op in enumerate(engine._prompt_ops(p)):
        op.sync()
        step = (index - 1) % 9
        if index == 3:  # layer 0's q/k norm + RoPE: its inputs and outputs
            k0, v0 = engine.cache.layer(0)
            inner = {
                "qkv": p.qkv.to_numpy(),
                "q": p.q.to_numpy(),
                "k": k0[:, :n].to_numpy(),
                "v": v0[:, :n].to_numpy(),
            }
        if index >= 1 and step == 3:  # attention
            ours_attn.append(p.attn_rows.to_numpy().astype(np.float32))
        if index >= 1 and step == 8:  # the MLP's down projection: residual + delta
            ours_hidden.append(
                p.res.to_numpy().astype(np.float32) + p.delta.to_numpy().astype(np.float32)
            )

    def err(x: np.ndarray, ref: np.ndarray) -> str:
        e = np.abs(x - ref)
        rows = e.max(axis=1)
        picks = rows[[0, 63, 255, n - 1]].round(4)
        return f"max {e.max():.4f} mean {e.mean():.5f} rows 0/63/255/511 {picks}"

    layer0_inside(engine, inner, ours_attn[0])
    for i in range(layers):
        print(f"layer {i} attention (scale {np.abs(f32_attn[i]).max():.3f})")
        print(f"   engine  {err(ours_attn[i], f32_attn[i])}")
        print(f"   hf bf16 {err(bf16_attn[i], f32_attn[i])}")
        if i < layers - 1:
            print(f"layer {i} output (scale {np.abs(f32_hidden[i]).max():.3f})")
            print(f"   engine  {err(ours_hidden[i], f32_hidden[i])}")
            print(f"   hf bf16 {err(bf16_hidden[i], f32_hidden[i])}")


def layer0_inside(engine: object, inner: dict[str, np.ndarray], attn: np.ndarray) -> None:
    """Layer 0 of the engine checked against itself: its q/k norm + RoPE against an f32
    computation from its own qkv, its attention against f32 SDPA of its own q, k, v."""
    import torch.nn.functional as F
    from gpu_probe_qwen3_kernels import norm_rope

    c = engine.config  # type: ignore[attr-defined]
    heads, kvh, hd = c.num_attention_heads, c.num_key_value_heads, c.head_dim
    qkv = torch.from_numpy(inner["qkv"].astype(np.float32)).cuda()
    n = qkv.shape[0]
    ones = torch.ones(hd, device="cuda")
    q_ref = norm_rope(qkv[:, : heads * hd].reshape(n, heads, hd), ones, torch.float32)
    k_ref = norm_rope(
        qkv[:, heads * hd : (heads + kvh) * hd].reshape(n, kvh, hd), ones, torch.float32
    )
    q = torch.from_numpy(inner["q"].astype(np.float32)).cuda()
    k = torch.from_numpy(inner["k"].astype(np.float32)).cuda()  # [kv_heads, n, hd]
    v = torch.from_numpy(inner["v"].astype(np.float32)).cuda()
    print(f"layer 0 q rope vs f32 of its qkv: max {(q - q_ref).abs().max().item():.4f}")
    k_err = (k.permute(1, 0, 2) - k_ref).abs().max().item()
    print(f"layer 0 k rope vs f32 of its qkv: max {k_err:.4f}")
    rep = heads // kvh
    ref = (
        F.scaled_dot_product_attention(
            q.permute(1, 0, 2)[None],
            k.repeat_interleave(rep, 0)[None],
            v.repeat_interleave(rep, 0)[None],
            is_causal=True,
        )[0]
        .permute(1, 0, 2)
        .reshape(n, heads * hd)
    )
    e = (torch.from_numpy(attn).cuda() - ref).abs().amax(1)
    picks = e[[0, 63, 255, n - 1]].tolist()
    print(f"layer 0 attention vs f32 SDPA of its own q,k,v: rows 0/63/255/511 {picks}")


def main() -> None:
    if "--by-layer" in sys.argv:
        by_layer()
        return
    by_length()
    if "--by-length" in sys.argv:
        return
    for layers in (4, 36):
        model = hf_model(qwen3_4b_config(layers))
        path = save(model)
        prompt = [int(t) for t in np.random.default_rng(0).integers(0, 151936, 512)]
        ids = torch.tensor([prompt], device="cuda")
        with torch.no_grad():
            hf_bf16 = model(ids).logits[0, -1].float().cpu().numpy()
            model = model.float()
            hf_f32 = model(ids).logits[0, -1].float().cpu().numpy()
        del model
        torch.cuda.empty_cache()
        engine = engine_from(path, max_seq=600)
        ours = engine.prefill(prompt)
        print(f"== {layers} layers, last logits of a 512-token prompt, against transformers f32")
        report("transformers bf16", hf_bf16, hf_f32)
        report("tilert engine bf16", ours, hf_f32)
        report("engine vs hf bf16", ours, hf_bf16)
        del engine
        torch.cuda.empty_cache()


if __name__ == "__main__":
    main()
