"""Probe: which of the prefill's kernels is less accurate than transformers' bf16 path? Each
kernel of the engine's prompt, at the Qwen3-4B widths and a 512-token prompt, against an f32
reference computed by torch; beside it, transformers' own bf16 arithmetic for the same step
against the same reference. A kernel whose error is well above transformers' is the drift's
source (the engine's last logits drift from transformers' with the prompt's length)."""

from __future__ import annotations

import math
from collections.abc import Callable

import torch
import torch.nn.functional as F

import tilert as tr
import tilert.kernels as tk

N, HEADS, KV_HEADS, D, HIDDEN, MLP = 512, 32, 8, 128, 2560, 9728
THETA, EPS = 1_000_000.0, 1e-6
bf16, f32 = torch.bfloat16, torch.float32


def t(x: torch.Tensor) -> tr.Tensor:  # type: ignore[type-arg]
    return tr.from_dlpack(x)


def report(name: str, ours: torch.Tensor, hf: torch.Tensor, ref: torch.Tensor) -> None:
    """Max and mean |error| against ``ref``, and the max by position (rows of the prompt)."""

    def err(x: torch.Tensor) -> tuple[float, float, list[float]]:
        e = (x.float() - ref.float()).abs()
        rows = e.reshape(N, -1).amax(1) if e.shape[0] == N else e.reshape(-1, N).amax(0)
        picks = [rows[i].item() for i in (0, 63, 127, 255, 511)]
        return e.max().item(), e.mean().item(), picks

    o, h = err(ours), err(hf)
    scale = ref.abs().max().item()
    print(f"{name:<14} scale {scale:8.3f}")
    for who, (top, mean, rows) in (("ours", o), ("hf", h)):
        picks = [round(x, 4) for x in rows]
        print(f"  {who:<5} max {top:.5f} mean {mean:.6f}  by row 0/63/127/255/511 {picks}")


def rope_tables(dtype: torch.dtype) -> tuple[torch.Tensor, torch.Tensor]:
    """transformers' cos/sin: computed in f32, cast to the activations' dtype."""
    inv = 1.0 / (THETA ** (torch.arange(0, D, 2, dtype=torch.int64).float().cuda() / D))
    freqs = torch.arange(N, device="cuda").float()[:, None] * inv[None, :]
    emb = torch.cat((freqs, freqs), dim=-1)
    return emb.cos().to(dtype), emb.sin().to(dtype)


def rotate_half(x: torch.Tensor) -> torch.Tensor:
    return torch.cat((-x[..., D // 2 :], x[..., : D // 2]), dim=-1)


def hf_rmsnorm(x: torch.Tensor, w: torch.Tensor) -> torch.Tensor:
    """transformers' Qwen3RMSNorm: f32 statistics, cast back, times the weight."""
    xf = x.float()
    xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + EPS)
    return w * xf.to(x.dtype)


def norm_rope(x: torch.Tensor, w: torch.Tensor, dtype: torch.dtype) -> torch.Tensor:
    """q/k norm then RoPE on ``x: [N, heads, D]``, as transformers does in ``dtype``."""
    cos, sin = rope_tables(dtype)
    y = hf_rmsnorm(x.to(dtype), w.to(dtype))
    return y * cos[:, None, :] + rotate_half(y) * sin[:, None, :]


def probe_norm_rope(g: torch.Generator) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    qkv = torch.randn(N, (HEADS + 2 * KV_HEADS) * D, device="cuda", generator=g).to(bf16)
    qw = (0.5 + torch.rand(D, device="cuda", generator=g)).to(bf16)
    kw = (0.5 + torch.rand(D, device="cuda", generator=g)).to(bf16)
    positions = torch.arange(N, device="cuda", dtype=torch.int32)
    q_out = torch.empty(N, HEADS, D, device="cuda", dtype=bf16)
    k_out = torch.empty(N, KV_HEADS, D, device="cuda", dtype=bf16)
    v_out = torch.empty(N, KV_HEADS, D, device="cuda", dtype=bf16)
    tk.qk_norm_rope(
        t(q_out), t(k_out), t(v_out), t(qkv), t(qw), t(kw), t(positions), eps=EPS, theta=THETA
    ).sync()
    q_in = qkv[:, : HEADS * D].reshape(N, HEADS, D)
    k_in = qkv[:, HEADS * D : (HEADS + KV_HEADS) * D].reshape(N, KV_HEADS, D)
    report(
        "q norm+rope", q_out, norm_rope(q_in, qw, bf16), norm_rope(q_in.float(), qw.float(), f32)
    )
    report(
        "k norm+rope", k_out, norm_rope(k_in, kw, bf16), norm_rope(k_in.float(), kw.float(), f32)
    )
    return q_out, k_out, v_out


def probe_attention(q: torch.Tensor, k: torch.Tensor, v: torch.Tensor) -> None:
    """Causal GQA attention on ``q: [N, HEADS, D]``, ``k, v: [N, KV_HEADS, D]``."""
    qh = q.permute(1, 0, 2).unsqueeze(0).contiguous()
    kh = k.permute(1, 0, 2).unsqueeze(0).contiguous()
    vh = v.permute(1, 0, 2).unsqueeze(0).contiguous()
    out = torch.empty_like(qh)
    tk.attention(t(out), t(qh), t(kh), t(vh), causal=True).sync()
    rep = HEADS // KV_HEADS

    def sdpa(dtype: torch.dtype) -> torch.Tensor:
        kk = kh.to(dtype).repeat_interleave(rep, dim=1)
        vv = vh.to(dtype).repeat_interleave(rep, dim=1)
        return F.scaled_dot_product_attention(qh.to(dtype), kk, vv, is_causal=True)

    ref, hf = sdpa(f32), sdpa(bf16)
    report("attention", out[0].permute(1, 0, 2), hf[0].permute(1, 0, 2), ref[0].permute(1, 0, 2))
    # the same with sharper scores (q scaled by 4): errors of the online softmax show more
    q4 = (qh.float() * 4).to(bf16)
    out4 = torch.empty_like(qh)
    tk.attention(t(out4), t(q4), t(kh), t(vh), causal=True).sync()
    kk = kh.repeat_interleave(rep, dim=1)
    vv = vh.repeat_interleave(rep, dim=1)
    ref4 = F.scaled_dot_product_attention(q4.float(), kk.float(), vv.float(), is_causal=True)
    hf4 = F.scaled_dot_product_attention(q4, kk, vv, is_causal=True)
    report(
        "attention x4", out4[0].permute(1, 0, 2), hf4[0].permute(1, 0, 2), ref4[0].permute(1, 0, 2)
    )


def probe_rows(g: torch.Generator) -> None:
    """rmsnorm with the residual, linear, silu_and_mul."""
    res = torch.randn(N, HIDDEN, device="cuda", generator=g).to(bf16)
    delta = (torch.randn(N, HIDDEN, device="cuda", generator=g) * 0.3).to(bf16)
    w = (0.5 + torch.rand(HIDDEN, device="cuda", generator=g)).to(bf16)
    res_ours, out = res.clone(), torch.empty_like(res)
    tk.rmsnorm(t(out), t(delta), t(w), EPS, residual=t(res_ours)).sync()
    ref = hf_rmsnorm((res.float() + delta.float()), w.float())
    report("rmsnorm+res", out, hf_rmsnorm(res + delta, w), ref)

    x = torch.randn(N, HIDDEN, device="cuda", generator=g).to(bf16)
    wt = (torch.randn(2 * MLP, HIDDEN, device="cuda", generator=g) * 0.02).to(bf16)
    y = torch.empty(N, 2 * MLP, device="cuda", dtype=bf16)
    tk.linear(t(y), t(x), t(wt)).sync()
    report("linear", y, x @ wt.T, x.float() @ wt.float().T)

    act = torch.empty(N, MLP, device="cuda", dtype=bf16)
    tk.silu_and_mul(t(act), t(y)).sync()
    gate, up = y[:, :MLP], y[:, MLP:]
    report("silu_and_mul", act, F.silu(gate) * up, F.silu(gate.float()) * up.float())


def same(name: str, a: torch.Tensor, b: torch.Tensor) -> None:
    diff = (a.float() - b.float()).abs()
    rows = diff.reshape(diff.shape[0], -1).amax(1)
    bad = (rows > 0).nonzero()
    first = bad[0].item() if len(bad) else None
    print(f"{name:<34} max |diff| {diff.max().item():.5f}, first differing row {first}")


def probe_views(g: torch.Generator, n: int = N, max_seq: int = 600) -> None:
    """The engine's layouts (q through a permuted view, k and v as rows of a longer cache)
    against contiguous copies of the same data: a kernel that reads a view as if contiguous,
    or past its end, differs."""
    qkv = torch.randn(n, (HEADS + 2 * KV_HEADS) * D, device="cuda", generator=g).to(bf16)
    qw = (0.5 + torch.rand(D, device="cuda", generator=g)).to(bf16)
    kw = (0.5 + torch.rand(D, device="cuda", generator=g)).to(bf16)
    positions = torch.arange(n, device="cuda", dtype=torch.int32)
    k_cache = tr.from_dlpack(torch.randn(KV_HEADS, max_seq, D, device="cuda", generator=g).to(bf16))
    v_cache = tr.from_dlpack(torch.randn(KV_HEADS, max_seq, D, device="cuda", generator=g).to(bf16))
    q = tr.empty((n, HEADS, D), dtype=tr.bf16)
    k_rows, v_rows = k_cache[:, :n], v_cache[:, :n]
    tk.qk_norm_rope(
        q,
        k_rows.permute(1, 0, 2),
        v_rows.permute(1, 0, 2),
        t(qkv),
        t(qw),
        t(kw),
        t(positions),
        eps=EPS,
        theta=THETA,
    ).sync()
    q_c = torch.empty(n, HEADS, D, device="cuda", dtype=bf16)
    k_c = torch.empty(n, KV_HEADS, D, device="cuda", dtype=bf16)
    v_c = torch.empty(n, KV_HEADS, D, device="cuda", dtype=bf16)
    tk.qk_norm_rope(
        t(q_c), t(k_c), t(v_c), t(qkv), t(qw), t(kw), t(positions), eps=EPS, theta=THETA
    ).sync()
    as_torch = torch.from_dlpack
    same(f"n={n} q (view vs contiguous)", as_torch(q), q_c)
    same(f"n={n} k rows of cache", as_torch(k_rows).permute(1, 0, 2), k_c)
    same(f"n={n} v rows of cache", as_torch(v_rows).permute(1, 0, 2), v_c)
    attn = tr.empty((n, HEADS, D), dtype=tr.bf16)
    tk.attention(
        attn.permute(1, 0, 2).reshape(1, HEADS, n, D),
        q.permute(1, 0, 2).reshape(1, HEADS, n, D),
        k_rows.reshape(1, KV_HEADS, n, D),
        v_rows.reshape(1, KV_HEADS, n, D),
        causal=True,
    ).sync()
    qh = q_c.permute(1, 0, 2).unsqueeze(0).contiguous()
    kh = k_c.permute(1, 0, 2).unsqueeze(0).contiguous()
    vh = v_c.permute(1, 0, 2).unsqueeze(0).contiguous()
    out = torch.empty_like(qh)
    tk.attention(t(out), t(qh), t(kh), t(vh), causal=True).sync()
    same(f"n={n} attention (views vs contiguous)", as_torch(attn), out[0].permute(1, 0, 2))


def main() -> None:
    torch.backends.cuda.matmul.allow_tf32 = False
    g = torch.Generator(device="cuda").manual_seed(0)
    probes: list[Callable[[], object]] = [
        lambda: probe_attention(*probe_norm_rope(g)),
        lambda: probe_rows(g),
        lambda: probe_views(g, 48),
        lambda: probe_views(g, 200),
        lambda: probe_views(g, 512),
    ]
    for probe in probes:
        probe()
    print(f"(scores scale 1/sqrt(D) = {1 / math.sqrt(D):.4f})")


if __name__ == "__main__":
    main()
