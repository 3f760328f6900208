"""Probe: is the engine's 36-layer difference from transformers bf16 rounding or an error?
The Qwen3-4B shape with random weights (as gpu_bench_qwen3.py makes them): the last logits of a
512-token prompt from the engine (bf16), transformers in bf16 and transformers in f32 (the
reference). If the engine is as far from f32 as transformers' own bf16 is, the difference is
rounding; if much farther, an error."""

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


def main() -> None:
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
