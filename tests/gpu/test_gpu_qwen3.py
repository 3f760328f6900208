"""tilert.models.qwen3 on the GPU against transformers' ``Qwen3ForCausalLM`` on the same
random weights: the Qwen3-4B widths (hidden 2560, 32 query / 8 KV heads of 128, MLP 9728,
vocabulary 151936, tied) with ``QWEN3_GPU_LAYERS`` of its 36 layers (default 4, to keep the
test short; benchmarks/gpu_bench_qwen3.py checks the greedy tokens of all 36), norm weights
jittered, bf16. transformers saves the model with ``save_pretrained``; the engine loads that
folder. Compared: the prompt's last logits, 32 decode steps fed transformers' tokens (op by
op), and 32 greedy tokens from the engine's captured, replayed step against ``generate``.

Tolerance: the largest logit error at most 5e-2 of the largest logit (bf16 rounding, which
the two implementations place differently, through the layers). Skipped (by conftest)
without a GPU; torch and transformers are imported inside."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from tests.support import benchmark
from tilert import backends

pytestmark = pytest.mark.gpu

PROMPT_LEN, NEW, TOL = 48, 32, 5e-2


@pytest.fixture(scope="module")
def setup() -> Iterator[tuple[Any, list[int], list[int], np.ndarray[Any, Any]]]:
    """(engine, prompt, transformers' greedy tokens, transformers' logits at the prompt's
    last position and each new token's), under the cutile backend."""
    torch = pytest.importorskip("torch")
    pytest.importorskip("transformers")
    if not torch.cuda.is_available():
        pytest.skip("torch has no CUDA")
    bench = benchmark("gpu_bench_qwen3")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TILERT_BACKEND", "cutile")
        backends.current.cache_clear()
        layers = int(os.environ.get("QWEN3_GPU_LAYERS", "4"))
        model = bench.hf_model(bench.qwen3_4b_config(layers), seed=1, jitter_norms=True)
        prompt = [int(t) for t in np.random.default_rng(1).integers(0, 151936, PROMPT_LEN)]
        with torch.no_grad():
            _, tokens = bench.hf_generate_seconds(model, prompt, NEW)
            ids = torch.tensor([prompt + tokens], device="cuda")
            logits = model(ids).logits[0, PROMPT_LEN - 1 :].float().cpu().numpy()
        engine = bench.engine_from(bench.save(model), max_seq=PROMPT_LEN + NEW)
        del model
        torch.cuda.empty_cache()
        yield engine, prompt, tokens, logits
    backends.current.cache_clear()


def close(got: np.ndarray[Any, Any], want: np.ndarray[Any, Any], what: str) -> None:
    err = np.abs(got - want).max() / np.abs(want).max()
    top = np.sort(want)[-2:]
    assert err <= TOL, (
        f"{what}: logits off by {err:.3e} of the largest (top-2 gap {top[1] - top[0]:.3f})"
    )


def test_logits_match_transformers(setup: Any) -> None:
    engine, prompt, tokens, logits = setup
    close(engine.prefill(prompt), logits[0], "prompt")
    assert engine.token() == tokens[0]
    for i in range(NEW - 1):
        engine.set_token(tokens[i])
        close(engine.decode_step(), logits[i + 1], f"decode step {i}")


def test_greedy_tokens_equal_transformers(setup: Any) -> None:
    engine, prompt, tokens, logits = setup
    mine = list(engine.generate(prompt, NEW))
    first = next((i for i, (a, b) in enumerate(zip(mine, tokens, strict=True)) if a != b), None)
    if first is None:
        return
    # Past an exact tie of transformers' top logits either token is the greedy one, and the
    # two runs diverge from there: equal up to the tie, and ours one of the tied maxima.
    row = logits[first]
    if row[mine[first]] != row.max():
        gap = np.diff(np.sort(row)[-2:])[0]
        pytest.fail(
            f"greedy tokens differ from transformers' at {first} ({mine[first]} vs "
            f"{tokens[first]}; transformers' top-2 logit gap there {gap:.4f})"
        )
