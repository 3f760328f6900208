"""Probe: the decode attention in one kernel (the splits' last block combines, through atomics)
against the split kernel + combine kernel (issue 20; docs/models.md, the eighth session). In
one process on random Qwen3-4B weights, a 4232-position cache, contexts 512 and 4000:

* the decode step's tokens/s with each form (``generate``'s graph replays, rounds alternated,
  best kept), the form picked by ``tilert.kernels.decode.FUSED_COMBINE`` when the step is
  captured;
* the attention alone, 36 launches (a step's layers) in one graph, microseconds a launch;
* that both forms agree: the attention's outputs, four op-by-op decode steps' logits, and
  the greedy tokens of the timed runs.

Writes ``$OUT/decode_fused_combine.json`` (the benchmark's comparisons: ours is the one
kernel, the baseline the two) when OUT is set.

    TILERT_BACKEND=cutile python benchmarks/gpu_probe_decode_fused_combine.py"""

from __future__ import annotations

import json
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_bench_gemm import timed
from gpu_bench_qwen3 import comparison, engine_decode

import tilert as tr
import tilert.kernels as tk
import tilert.kernels.decode as decode
from tilert.models.qwen3 import Qwen3
from tilert.models.qwen3.config import SIZES
from tilert.models.qwen3.weights import random_weights

MAX_SEQ, CONTEXTS, ROUNDS, STEPS, LAYERS = 4232, (512, 4000), 3, 64, 36
FORMS = {"two kernels": False, "one kernel": True}


def attention_alone(context: int) -> tuple[dict[str, float], float]:
    """(microseconds a launch for each form, the largest difference of their outputs) at
    ``context`` keys, Qwen3-4B's heads, bf16."""
    rng = np.random.default_rng(context)
    q = tr.from_numpy(rng.standard_normal((32, 128)).astype(tr.bf16.np_dtype))
    k, v = (
        tr.from_numpy(rng.standard_normal((8, MAX_SEQ, 128)).astype(tr.bf16.np_dtype))
        for _ in range(2)
    )
    pos = tr.from_numpy(np.array([context - 1], dtype=np.int32))
    ws = tk.decode_workspace_at(q, k)
    outs = {name: tr.empty((32, 128), dtype=tr.bf16) for name in FORMS}
    for name, fused in FORMS.items():  # outside a graph: compiles, and the outputs to compare
        tk.decode_attention_at(outs[name], q, k, v, pos, workspace=ws, fused=fused).sync()
    a, b = (outs[n].to_numpy().astype(np.float32) for n in FORMS)
    diff = float(np.abs(a - b).max())
    graphs: list[tr.Graph] = []
    cases: dict[str, tuple[Callable[[], None], Callable[[], None]]] = {}
    pending: list[tr.Pending[()]] = []
    for name, fused in FORMS.items():
        with tr.graph() as g:
            for _ in range(LAYERS):
                g.record(
                    tk.decode_attention_at(outs[name], q, k, v, pos, workspace=ws, fused=fused)
                )
        graphs.append(g)
        cases[name] = (launcher(g, pending), lambda: wait(pending))
    try:
        seconds = timed(cases, 20, rounds=5)
    finally:
        for g in graphs:
            g.close()
    return {n: s / LAYERS * 1e6 for n, s in seconds.items()}, diff


def launcher(g: tr.Graph, pending: list[tr.Pending[()]]) -> Callable[[], None]:
    """A replay of ``g`` that does not wait (``wait`` does)."""
    return lambda: pending.append(g.launch())


def wait(pending: list[tr.Pending[()]]) -> None:
    for p in pending:
        p.wait()
    pending.clear()


def logits_agree(engine: Qwen3, prompt: list[int], steps: int = 4) -> dict[str, Any]:
    """Op-by-op decode steps after ``prompt`` with each form: the largest logit difference
    (relative to the largest logit) and whether the greedy tokens agree."""
    seen: dict[str, tuple[list[np.ndarray[Any, Any]], list[int]]] = {}
    for name, fused in FORMS.items():
        decode.FUSED_COMBINE = fused
        engine.prefill(prompt)
        logits, tokens = [], []
        for _ in range(steps):
            logits.append(engine.decode_step())
            tokens.append(engine.token())
        seen[name] = (logits, tokens)
    (la, ta), (lb, tb) = seen.values()
    rel = max(float(np.abs(x - y).max() / np.abs(y).max()) for x, y in zip(la, lb, strict=True))
    return {"max_relative_logit_diff": rel, "tokens_equal": ta == tb, "tokens": [ta, tb]}


def main() -> None:
    doc: dict[str, Any] = {"probe": "decode_fused_combine", "comparisons": [], "checks": {}}
    rows, checks = doc["comparisons"], doc["checks"]
    try:
        for context in CONTEXTS:
            us, diff = attention_alone(context)
            print(f"attention alone at {context}: {us}, outputs differ by {diff:.3g}", flush=True)
            one, two = us["one kernel"], us["two kernels"]
            rows.append(
                {
                    "name": f"decode-attention-{context}-one-vs-two-kernels",
                    "ours": round(one, 3),
                    "baseline": round(two, 3),
                    "unit": "us a launch",
                    "ratio": round(two / one, 3),
                }
            )
            checks[f"attention-output-diff-{context}"] = diff
        weights = random_weights(SIZES["4B"], tr.bf16, 0)
        engine = Qwen3(weights, max_seq=MAX_SEQ)
        rng = np.random.default_rng(0)
        for context in CONTEXTS:
            prompt = [int(t) for t in rng.integers(0, 151936, context)]
            checks[f"logits-{context}"] = agree = logits_agree(engine, prompt)
            print(f"context {context}: {agree}", flush=True)
            best = dict.fromkeys(FORMS, 0.0)
            tokens: dict[str, list[int]] = {}
            for _ in range(ROUNDS):
                for name, fused in FORMS.items():
                    decode.FUSED_COMBINE = fused
                    seconds, tokens[name] = engine_decode(engine, prompt, STEPS)
                    best[name] = max(best[name], 1 / seconds)
                    print(f"context {context} {name}: {1 / seconds:.1f} tokens/s", flush=True)
            a, b = tokens.values()
            same = next((i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y), len(a))
            checks[f"greedy-tokens-equal-{context}"] = f"{same} of {len(a)}"
            rows.append(
                comparison(
                    f"qwen3-4b-decode-{context}-one-vs-two-kernels",
                    best["one kernel"],
                    best["two kernels"],
                    "tokens/s",
                )
            )
    except Exception:  # a probe: keep what was measured, say what failed
        doc["error"] = traceback.format_exc()
        print(doc["error"], flush=True)
    finally:
        decode.FUSED_COMBINE = False
    print(json.dumps(doc, indent=1), flush=True)
    if os.environ.get("OUT"):
        (Path(os.environ["OUT"]) / "decode_fused_combine.json").write_text(
            json.dumps(doc, indent=1)
        )


if __name__ == "__main__":
    main()
