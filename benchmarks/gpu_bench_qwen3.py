"""tilert.models.qwen3 on the GPU, in one process: batch-1 decode of the Qwen3-4B shape (bf16
random weights as transformers initializes them, saved with ``save_pretrained`` and loaded by
the engine from that folder) against the weights-per-token roofline and against torch on the
same weights. Prints a table and writes ``<out>/<date>-<gpu>-qwen3-<commit>.json``.

Rows (``ratio``: ours over the baseline, higher is better):
* ``qwen3-4b-decode-ctx512``, ``qwen3-4b-decode-ctx4096``: tokens/s of the engine's loop (one
  graph replay and one 4-byte token read per token; ``--steps`` tokens after a prompt of that
  many) against the torch.compile decode at the same context.
* ``decode-vs-roofline``: tokens/s at context 512 against the device's copy bandwidth (a
  device-to-device copy, measured in this run) over the bytes of weights a step reads.
* ``decode-vs-torch-compile``: the same tokens/s against a hand-written torch decode (static
  KV cache sized to the context, ``torch.compile(mode="reduce-overhead")``, the token read back
  each step as ours is) on the same weights; ``decode-vs-hf-eager``: against transformers'
  ``generate`` (greedy, dynamic cache): (33 tokens - 1 token) / the time between them.
* ``qwen3-4b-prefill-512``: prompt tokens/s of the engine's prefill (op by op) against one
  transformers forward of the 512 tokens.

Also in the JSON: ``greedy_match`` (the engine's 32 greedy tokens after the 512-token prompt
equal transformers' ``generate``), the weight bytes, copy GB/s, load/capture/compile times,
and ``profile``: each kernel's time in one decode step (torch.profiler over graph replays, by
kernel name) with the step's wall time, so launch gaps show as the difference.

Run on the GPU machine:
    TILERT_BACKEND=cutile python benchmarks/gpu_bench_qwen3.py --out DIR
(about 5 minutes; ``--skip-compile`` leaves out torch.compile's two ~50 s compiles)."""

from __future__ import annotations

import argparse
import datetime
import os
import sys
import tempfile
import time
import traceback
from pathlib import Path
from typing import Any

import numpy as np
from bench_record import commit, write

import tilert as tr
from tilert.models.qwen3 import Qwen3, load_config, load_weights

ROOT = Path(__file__).resolve().parent.parent


# -- the model, as transformers makes it ----------------------------------------------------
def qwen3_4b_config(layers: int = 36) -> Any:
    """transformers' Qwen3Config of the Qwen3-4B shape (``layers`` of its 36)."""
    import transformers

    return transformers.Qwen3Config(
        vocab_size=151936,
        hidden_size=2560,
        intermediate_size=9728,
        num_hidden_layers=layers,
        num_attention_heads=32,
        num_key_value_heads=8,
        head_dim=128,
        max_position_embeddings=40960,
        rms_norm_eps=1e-6,
        rope_theta=1e6,
        tie_word_embeddings=True,
        eos_token_id=None,
        bos_token_id=None,
    )


def hf_model(config: Any, seed: int = 0, jitter_norms: bool = False) -> Any:
    """``Qwen3ForCausalLM(config)`` initialized on the GPU (transformers' init: normal(0,
    0.02) matrices, norms 1; ``jitter_norms`` makes the norm weights uniform in [0.5, 1.5],
    so a norm weight applied wrongly shows), in bf16, eval mode."""
    import torch
    import transformers

    torch.manual_seed(seed)
    with torch.device("cuda"):
        model = transformers.Qwen3ForCausalLM(config)
    model = model.to(torch.bfloat16).eval()
    # ``.to(bfloat16)`` also rounds RoPE's frequencies (a float buffer) to bf16, which a
    # checkpoint loaded by ``from_pretrained(dtype=bfloat16)`` keeps in f32: positions far
    # from 0 then rotate by visibly different angles (the cause of the "drift with the prompt's
    # length" measured on 2026-11-26). Put back the f32 frequencies, as loading makes them.
    for module in model.modules():
        if hasattr(module, "inv_freq"):
            head_dim = config.head_dim
            exponents = torch.arange(0, head_dim, 2, dtype=torch.int64, device="cuda").float()
            inv_freq = 1.0 / (rope_theta(config) ** (exponents / head_dim))
            module.inv_freq = inv_freq
            if hasattr(module, "original_inv_freq"):
                module.original_inv_freq = inv_freq
    if jitter_norms:
        with torch.no_grad():
            for name, p in model.named_parameters():
                if name.endswith("norm.weight"):
                    p.uniform_(0.5, 1.5)
    return model


def save(model: Any) -> Path:
    """``model.save_pretrained`` into a new temporary folder (safetensors, as checkpoints)."""
    path = Path(tempfile.mkdtemp(prefix="qwen3-"))
    model.save_pretrained(path, safe_serialization=True)
    return path


def engine_from(path: Path, max_seq: int) -> Qwen3:
    return Qwen3(load_weights(path, load_config(path), tr.bf16), max_seq=max_seq)


# -- torch baselines ------------------------------------------------------------------------
def rope_theta(config: Any) -> float:
    """RoPE's base from a transformers config: ``rope_theta`` (4.x) or ``rope_parameters``
    (5.x)."""
    params = getattr(config, "rope_parameters", None) or {}
    return float(getattr(config, "rope_theta", None) or params["rope_theta"])


class TorchDecode:
    """A hand-written Qwen3 decode step in torch (the issue's baseline): the model's own bf16
    weights, a static KV cache of ``max_seq`` rows written at the position with
    ``index_copy_``, attention over the whole cache masked past the position (static shapes,
    as CUDA graphs need), greedy argmax on the device. ``compiled`` wraps it in
    ``torch.compile(mode="reduce-overhead")``."""

    def __init__(self, model: Any, max_seq: int, compiled: bool) -> None:
        import torch

        c = model.config
        self.c, self.max_seq = c, max_seq
        dev = model.device
        m = model.model
        self.embed = m.embed_tokens.weight
        self.norm = m.norm.weight
        self.layers = [
            (
                ly.input_layernorm.weight,
                ly.self_attn.q_proj.weight,
                ly.self_attn.k_proj.weight,
                ly.self_attn.v_proj.weight,
                ly.self_attn.q_norm.weight,
                ly.self_attn.k_norm.weight,
                ly.self_attn.o_proj.weight,
                ly.post_attention_layernorm.weight,
                ly.mlp.gate_proj.weight,
                ly.mlp.up_proj.weight,
                ly.mlp.down_proj.weight,
            )
            for ly in m.layers
        ]
        shape = (c.num_hidden_layers, c.num_key_value_heads, max_seq, c.head_dim)
        dt = self.embed.dtype
        self.k = torch.zeros(shape, dtype=dt, device=dev)
        self.v = torch.zeros_like(self.k)
        theta = rope_theta(c)
        inv = 1.0 / theta ** (torch.arange(0, c.head_dim, 2, device=dev) / c.head_dim)
        freqs = torch.outer(torch.arange(max_seq, device=dev, dtype=torch.float32), inv)
        emb = torch.cat([freqs, freqs], dim=-1)
        self.cos, self.sin = emb.cos().to(dt), emb.sin().to(dt)
        self.keys = torch.arange(max_seq, device=dev)
        for t in (self.k, self.v, self.cos, self.sin, self.keys):
            torch._dynamo.mark_static_address(t)  # updated in place / read in place by graphs
        self.step = torch.compile(self._step, mode="reduce-overhead") if compiled else self._step

    def _rms(self, x: Any, w: Any) -> Any:
        import torch

        xf = x.float()
        xf = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.c.rms_norm_eps)
        return w * xf.to(x.dtype)

    def _rope(self, x: Any, pos: Any) -> Any:
        import torch

        half = x.shape[-1] // 2
        rotated = torch.cat([-x[..., half:], x[..., :half]], dim=-1)
        return x * self.cos[pos] + rotated * self.sin[pos]

    def _step(self, token: Any, pos: Any) -> Any:
        import torch
        import torch.nn.functional as F

        c = self.c
        heads, kv, hd = c.num_attention_heads, c.num_key_value_heads, c.head_dim
        x = self.embed[token]  # [1, hidden]
        mask = (self.keys <= pos).view(1, 1, 1, -1)
        for i, (n1, wq, wk, wv, qn, kn, wo, n2, wg, wu, wd) in enumerate(self.layers):
            h = self._rms(x, n1)
            q = self._rope(self._rms((h @ wq.T).view(heads, hd), qn), pos)
            k = self._rope(self._rms((h @ wk.T).view(kv, hd), kn), pos)
            v = (h @ wv.T).view(kv, hd)
            self.k[i].index_copy_(1, pos, k.unsqueeze(1))
            self.v[i].index_copy_(1, pos, v.unsqueeze(1))
            o = F.scaled_dot_product_attention(
                q.view(1, heads, 1, hd),
                self.k[i].unsqueeze(0),
                self.v[i].unsqueeze(0),
                attn_mask=mask,
                enable_gqa=True,
            )
            x = x + o.reshape(1, heads * hd) @ wo.T
            h = self._rms(x, n2)
            x = x + (F.silu(h @ wg.T) * (h @ wu.T)) @ wd.T
        logits = self._rms(x, self.norm) @ self.embed.T
        return torch.argmax(logits, dim=-1)

    def decode(self, start: int, steps: int) -> float:
        """Seconds per token over ``steps`` tokens from position ``start``, after 3 (which
        compile, when compiled). The token is read back each step, as the engine's is; the
        cache rows before ``start`` are zeros (no prefill), which costs what a prompt's
        would."""
        import torch

        with torch.no_grad():
            token = torch.tensor([0], device=self.keys.device)
            pos = torch.tensor([start], device=self.keys.device)
            for n in range(steps + 3):
                if n == 3:
                    token.item()  # (synchronizes)
                    begin = time.perf_counter()
                token = self.step(token, pos).clone()
                token.item()
                pos += 1
            return (time.perf_counter() - begin) / steps


def hf_generate_seconds(model: Any, prompt: list[int], new: int) -> tuple[float, list[int]]:
    """(seconds of ``generate`` for ``new`` greedy tokens, the tokens)."""
    import torch

    ids = torch.tensor([prompt], device="cuda")
    torch.cuda.synchronize()
    start = time.perf_counter()
    out = model.generate(
        ids, max_new_tokens=new, min_new_tokens=new, do_sample=False, pad_token_id=0
    )
    torch.cuda.synchronize()
    return time.perf_counter() - start, [int(t) for t in out[0, len(prompt) :]]


def copy_bandwidth(nbytes: int = 2 << 30) -> float:
    """GB/s of a device-to-device copy of ``nbytes`` (read and written: 2x counted)."""
    import torch

    src = torch.empty(nbytes // 2, dtype=torch.float16, device="cuda")
    dst = torch.empty_like(src)
    for _ in range(3):
        dst.copy_(src)
    torch.cuda.synchronize()
    best = float("inf")
    for _ in range(10):
        start = time.perf_counter()
        dst.copy_(src)
        torch.cuda.synchronize()
        best = min(best, time.perf_counter() - start)
    return 2 * nbytes / best / 1e9


# -- the engine ---------------------------------------------------------------------------------
def engine_decode(engine: Qwen3, prompt: list[int], steps: int) -> tuple[float, list[int]]:
    """(seconds per token of ``generate``'s replay loop over ``steps`` tokens after 4 warm
    ones, the tokens): prefill, capture and the first replays are outside the timing."""
    stamps: list[float] = []
    tokens: list[int] = []
    for token in engine.generate(prompt, steps + 6):
        stamps.append(time.perf_counter())
        tokens.append(token)
    return (stamps[-1] - stamps[5]) / steps, tokens


def profile_step(engine: Qwen3, prompt: list[int], replays: int = 5) -> dict[str, Any]:
    """Each kernel's time in one decode step, from torch.profiler over ``replays`` replays of
    the captured step (by kernel name: the two gemv_residual launches of a layer add up)."""
    import torch
    from torch.profiler import ProfilerActivity, profile

    engine.prefill(prompt)
    g = engine.capture()
    try:
        for _ in range(3):
            g.launch().wait()
        with profile(activities=[ProfilerActivity.CUDA]) as prof:
            start = time.perf_counter()
            for _ in range(replays):
                g.launch().wait()
            wall = (time.perf_counter() - start) / replays
    finally:
        g.close()
    rows = []
    for e in prof.key_averages():
        us = getattr(e, "self_device_time_total", None) or getattr(e, "self_cuda_time_total", 0)
        if us > 0:
            rows.append((e.key, e.count / replays, us / replays))
    rows.sort(key=lambda r: -r[2])
    busy = sum(r[2] for r in rows)
    print(f"\nper-kernel profile of one step ({wall * 1e6:.0f} us wall, {busy:.0f} us in kernels):")
    for name, calls, us in rows[:20]:
        print(f"  {us:9.1f} us {100 * us / busy:5.1f}%  x{calls:5.0f}  {name[:90]}")
    del torch
    return {
        "step_wall_us": round(wall * 1e6, 1),
        "kernels_us": round(busy, 1),
        "kernels": [
            {"name": n, "calls_per_step": round(c, 1), "us_per_step": round(u, 1)}
            for n, c, u in rows
        ],
    }


def comparison(name: str, ours: float, baseline: float, unit: str) -> dict[str, Any]:
    ratio = ours / baseline
    print(f"{name:28s} ours {ours:10.2f} {unit:9s} baseline {baseline:10.2f}  ratio {ratio:.3f}")
    return {
        "name": name,
        "ours": round(ours, 3),
        "baseline": round(baseline, 3),
        "unit": unit,
        "ratio": round(ratio, 3),
    }


def run(args: argparse.Namespace, doc: dict[str, Any]) -> None:
    import torch

    rows: list[dict[str, Any]] = doc["comparisons"]
    rng = np.random.default_rng(0)
    contexts = [int(c) for c in args.contexts.split(",")]
    prompts = {ctx: [int(t) for t in rng.integers(0, 151936, ctx)] for ctx in contexts}

    t = time.perf_counter()
    model = hf_model(qwen3_4b_config(args.layers))
    path = save(model)
    doc["save_s"] = round(time.perf_counter() - t, 1)
    t = time.perf_counter()
    engine = engine_from(path, max_seq=max(contexts) + args.steps + 8)
    doc["load_s"] = round(time.perf_counter() - t, 1)  # with the first step (tuning)
    weight_bytes = engine.weights.decode_bytes()
    copy = copy_bandwidth()
    roofline = copy * 1e9 / weight_bytes
    doc.update(weight_bytes=weight_bytes, copy_GBps=round(copy, 1))
    print(f"weights {weight_bytes / 1e9:.2f} GB, copy {copy:.0f} GB/s: roofline {roofline:.1f}/s")

    ours: dict[int, float] = {}
    for ctx in contexts:
        seconds, _ = engine_decode(engine, prompts[ctx], args.steps)
        ours[ctx] = 1.0 / seconds
    ctx0 = contexts[0]
    rows.append(comparison("decode-vs-roofline", ours[ctx0], roofline, "tokens/s"))

    # prefill: the engine's second prefill of the prompt (the first tuned its GEMMs)
    engine.prefill(prompts[ctx0])
    torch.cuda.synchronize()
    t = time.perf_counter()
    engine.prefill(prompts[ctx0])
    prefill_s = time.perf_counter() - t
    with torch.no_grad():
        ids = torch.tensor([prompts[ctx0]], device="cuda")
        model(ids)
        torch.cuda.synchronize()
        t = time.perf_counter()
        model(ids)
        torch.cuda.synchronize()
        hf_prefill_s = time.perf_counter() - t
    rows.append(
        comparison(f"qwen3-4b-prefill-{ctx0}", ctx0 / prefill_s, ctx0 / hf_prefill_s, "tokens/s")
    )

    # transformers' generate: its decode rate, and its greedy tokens against ours
    with torch.no_grad():
        hf_generate_seconds(model, prompts[ctx0][:16], 2)  # warm
        one, _ = hf_generate_seconds(model, prompts[ctx0], 1)
        many, hf_tokens = hf_generate_seconds(model, prompts[ctx0], 33)
    rows.append(comparison("decode-vs-hf-eager", ours[ctx0], 32 / (many - one), "tokens/s"))
    mine = list(engine.generate(prompts[ctx0], 33))
    same = next((i for i, (a, b) in enumerate(zip(mine, hf_tokens, strict=True)) if a != b), None)
    doc["greedy_match"] = {"tokens": 33, "equal": same is None, "first_difference": same}
    print(f"greedy tokens equal to transformers' generate: {same is None} (first diff {same})")
    if same is not None:  # a tie of transformers' top logits there, or a real difference?
        with torch.no_grad():
            context = torch.tensor([prompts[ctx0] + hf_tokens[:same]], device="cuda")
            row = model(context).logits[0, -1].float()
        top = torch.topk(row, 2).values
        gap, ours_max = float(top[0] - top[1]), bool(row[mine[same]] == row.max())
        doc["greedy_match"].update(top2_gap_at_difference=gap, ours_is_a_max_there=ours_max)
        print(
            f"  there: transformers' top-2 logit gap {gap:.4f}, our token one of its maxima: "
            f"{ours_max}"
        )

    # torch: eager and compiled static-cache decode, one cache per context
    if not args.skip_compile:
        for ctx in contexts:
            t = time.perf_counter()
            baseline = TorchDecode(model, ctx + args.steps + 8, compiled=True)
            baseline.decode(ctx, 1)  # compiles
            doc[f"torch_compile_s_ctx{ctx}"] = round(time.perf_counter() - t, 1)
            seconds = baseline.decode(ctx, args.steps)
            rows.append(comparison(f"qwen3-4b-decode-ctx{ctx}", ours[ctx], 1 / seconds, "tokens/s"))
            if ctx == ctx0:
                rows.append(
                    comparison("decode-vs-torch-compile", ours[ctx], 1 / seconds, "tokens/s")
                )
            del baseline
    eager_s = TorchDecode(model, ctx0 + args.steps + 8, compiled=False).decode(ctx0, 32)
    doc["torch_eager_decode_tokens_per_s"] = round(1 / eager_s, 2)
    doc["ours_decode_tokens_per_s"] = {str(c): round(v, 2) for c, v in ours.items()}
    doc["profile"] = profile_step(engine, prompts[ctx0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "benchmarks" / "results"))
    parser.add_argument("--layers", type=int, default=36, help="of the 4B shape's 36")
    parser.add_argument("--steps", type=int, default=128, help="decode tokens timed")
    parser.add_argument("--contexts", default="512,4096", help="prompt lengths (first: headline)")
    parser.add_argument("--skip-compile", action="store_true", help="no torch.compile rows")
    args = parser.parse_args(argv)
    import torch

    from tilert import backends

    assert backends.current().name == "cutile", backends.unavailable_reason("cutile")
    os.environ.setdefault("TILERT_CACHE_DIR", tempfile.mkdtemp(prefix="tilert-qwen3-bench-"))
    device = torch.cuda.get_device_name(0)
    date = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    sha = commit()
    doc: dict[str, Any] = {
        "device": device,
        "date": date,
        "commit": sha,
        "comparisons": [],
        "errors": [],
        "shape": f"Qwen3-4B widths, {args.layers} layers, bf16, batch 1",
        "steps": args.steps,
    }
    try:
        run(args, doc)
    except Exception as exc:  # write what was measured, with the failure
        traceback.print_exc()
        doc["errors"].append(repr(exc))
    write(args.out, doc, device, f"qwen3-{sha[:7]}")
    return 1 if doc["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
