"""tilert.models.qwen3 on the interpreter: a tiny random Qwen3 (tests/support/qwen3_checkpoint.py,
written as a Hugging Face checkpoint and read back) against the numpy reference
(tests/support/qwen3_reference.py, f64): every position's logits of the prompt, decode steps
run op by op, and greedy tokens from the captured, replayed step; the checkpoint reader's
errors; the command line on random weights.

Tolerance: f32 weights, the largest logit error at most 1e-4 of the largest logit (float32
rounding through two layers); bf16 weights 5e-2 (rounding at every store)."""

from __future__ import annotations

import importlib.util
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tests.support import qwen3_checkpoint as ckpt
from tests.support import qwen3_reference as ref
from tilert import backends
from tilert.models.qwen3 import (
    SIZES,
    Qwen3,
    WeightsError,
    load_config,
    load_weights,
    random_weights,
)
from tilert.models.qwen3.__main__ import main

# checkpoints are written and read with safetensors (the `models` extra, in `dev`)
needs_safetensors = pytest.mark.skipif(
    importlib.util.find_spec("safetensors") is None, reason="safetensors is not installed"
)
PROMPT = [3, 17, 200, 45, 9, 81, 122]
Checkpoint = tuple[Path, dict[str, Any]]


@pytest.fixture(scope="module")
def interpreted() -> Iterator[None]:
    """The interpreter for the module's shared fixtures (the engine keeps its tensors)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TILERT_BACKEND", "interpret")
        backends.current.cache_clear()
        yield
    backends.current.cache_clear()


@pytest.fixture(scope="module")
def checkpoint(interpreted: None, tmp_path_factory: pytest.TempPathFactory) -> Checkpoint:
    pytest.importorskip("safetensors")
    weights = ckpt.tensors(ckpt.TINY)
    return ckpt.write(tmp_path_factory.mktemp("tiny"), ckpt.TINY, weights), weights


@pytest.fixture(scope="module")
def engine(checkpoint: Checkpoint) -> Qwen3:
    path, _ = checkpoint
    return Qwen3(load_weights(path, load_config(path), tr.f32), max_seq=24)


def close(got: np.ndarray[Any, Any], want: np.ndarray[Any, Any], tol: float = 1e-4) -> None:
    err = np.abs(got - want).max() / np.abs(want).max()
    assert err <= tol, f"logits off by {err:.2e} of the largest (over {tol})"


def test_prefill_matches_reference(engine: Qwen3, checkpoint: Checkpoint) -> None:
    _, weights = checkpoint
    want = ref.forward(weights, ckpt.TINY, PROMPT)
    close(engine.prefill(PROMPT, all_logits=True), want)
    close(engine.prefill(PROMPT), want[-1])
    assert engine.token() == int(np.argmax(want[-1]))
    assert engine.position() == len(PROMPT)


def test_decode_steps_match_reference(engine: Qwen3, checkpoint: Checkpoint) -> None:
    _, weights = checkpoint
    engine.prefill(PROMPT)
    seq = [*PROMPT, engine.token()]
    for _ in range(3):
        close(engine.decode_step(), ref.forward(weights, ckpt.TINY, seq)[-1])
        seq.append(engine.token())
    assert seq[len(PROMPT) :] == ref.greedy(weights, ckpt.TINY, PROMPT, 4)
    # teacher forcing: a token of the caller's instead of the argmax
    engine.set_token(5)
    close(engine.decode_step(), ref.forward(weights, ckpt.TINY, [*seq[:-1], 5])[-1])


def test_generate_replays_the_captured_step(engine: Qwen3, checkpoint: Checkpoint) -> None:
    """The graph is captured once and replayed per token: the position, read on the device,
    advances, so each replay writes the next cache row and attends one row further."""
    _, weights = checkpoint
    tokens = list(engine.generate(PROMPT, 6))
    assert tokens == ref.greedy(weights, ckpt.TINY, PROMPT, 6)
    assert engine.position() == len(PROMPT) + 5
    assert engine.token() == tokens[-1]
    with pytest.raises(ValueError, match="overrun the cache"):
        next(engine.generate(PROMPT, 24))


def test_l2_prefetch_records_branches_and_changes_no_token(checkpoint: Checkpoint) -> None:
    """With ``l2_prefetch`` the captured step has one branch a layer (the o projection's
    prefetch, beside the attention); run on the CPU, it is nothing."""
    path, weights = checkpoint
    engine = Qwen3(load_weights(path, load_config(path), tr.f32), max_seq=24, l2_prefetch=True)
    g = engine.capture()
    layers = ckpt.TINY["num_hidden_layers"]
    assert sum(lane == 1 for lane, _ in g._lanes.entries.values()) == layers
    g.close()
    assert list(engine.generate(PROMPT, 4)) == ref.greedy(weights, ckpt.TINY, PROMPT, 4)


def test_bf16_weights(checkpoint: Checkpoint) -> None:
    path, weights = checkpoint
    engine = Qwen3(load_weights(path, load_config(path), tr.bf16), max_seq=len(PROMPT) + 1)
    close(engine.prefill(PROMPT), ref.forward(weights, ckpt.TINY, PROMPT)[-1], tol=5e-2)
    assert engine.weights.dtype is tr.bf16


@needs_safetensors
def test_untied_sharded_checkpoint(interpreted: None, tmp_path: Path) -> None:
    config = {**ckpt.TINY, "tie_word_embeddings": False, "num_hidden_layers": 1}
    weights = ckpt.tensors(config, seed=1)
    path = ckpt.write(tmp_path, config, weights, shards=3)
    engine = Qwen3(load_weights(path, load_config(path), tr.f32), max_seq=len(PROMPT))
    assert engine.weights.lm_head is not engine.weights.embed
    close(engine.prefill(PROMPT), ref.forward(weights, config, PROMPT)[-1])


# -- errors that name the file and the tensor -----------------------------------------------
def test_config_parsing(tmp_path: Path) -> None:
    # transformers 5 writes RoPE's base in rope_parameters
    new_style = {k: v for k, v in ckpt.TINY.items() if k != "rope_theta"}
    new_style["rope_parameters"] = {"rope_type": "default", "rope_theta": 5e5}
    (tmp_path / "config.json").write_text(json.dumps(new_style))
    assert load_config(tmp_path).rope_theta == 5e5
    (tmp_path / "config.json").unlink()
    with pytest.raises(FileNotFoundError, match=r"config\.json"):
        load_config(tmp_path)
    (tmp_path / "config.json").write_text("{not json")
    with pytest.raises(ValueError, match=r"config\.json: cannot read it as JSON"):
        load_config(tmp_path)
    for change, message in [
        ({"hidden_size": None}, "missing 'hidden_size'"),
        ({"head_dim": "16"}, "'head_dim' must be int"),
        ({"model_type": "llama"}, "not qwen3"),
        ({"num_key_value_heads": 3}, "must divide"),
        ({"rope_scaling": {"type": "yarn"}}, "only plain RoPE"),
        ({"rope_theta": None, "rope_parameters": {"rope_type": "yarn"}}, "only plain RoPE"),
    ]:
        config = {k: v for k, v in {**ckpt.TINY, **change}.items() if v is not None}
        (tmp_path / "config.json").write_text(json.dumps(config))
        with pytest.raises(ValueError, match=message):
            load_config(tmp_path)


def test_weight_errors(checkpoint: Checkpoint, tmp_path: Path) -> None:
    _, weights = checkpoint
    config = load_config(checkpoint[0])
    with pytest.raises(WeightsError, match=r"no \*\.safetensors files"):
        load_weights(tmp_path, config, tr.f32)
    missing = {k: v for k, v in weights.items() if k != "model.layers.1.mlp.up_proj.weight"}
    ckpt.write(tmp_path / "missing", ckpt.TINY, missing)
    with pytest.raises(WeightsError, match=r"no tensor 'model\.layers\.1\.mlp\.up_proj\.weight'"):
        load_weights(tmp_path / "missing", config, tr.f32)
    bad = {**weights, "model.norm.weight": np.ones(65, dtype=np.float32)}
    ckpt.write(tmp_path / "shape", ckpt.TINY, bad)
    with pytest.raises(WeightsError, match=r"'model\.norm\.weight' has shape \(65,\)"):
        load_weights(tmp_path / "shape", config, tr.f32)
    corrupt = ckpt.write(tmp_path / "corrupt", ckpt.TINY, weights)
    (corrupt / "model.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{}")
    with pytest.raises(WeightsError, match=r"model\.safetensors: not a readable safetensors"):
        load_weights(corrupt, config, tr.f32)
    sharded = ckpt.write(tmp_path / "sharded", ckpt.TINY, weights, shards=2)
    (sharded / "model-00002-of-00002.safetensors").unlink()
    with pytest.raises(WeightsError, match=r"model-00002-of-00002\.safetensors: missing"):
        load_weights(sharded, config, tr.f32)


# -- random weights and the command line ----------------------------------------------------
def test_sizes_are_the_released_shapes() -> None:
    shapes = {
        name: (c.hidden_size, c.num_hidden_layers, c.num_attention_heads, c.intermediate_size)
        for name, c in SIZES.items()
    }
    assert shapes["4B"] == (2560, 36, 32, 9728)
    assert shapes["8B"] == (4096, 36, 32, 12288) and not SIZES["8B"].tie_word_embeddings
    # the 8.04 GB of bf16 weights for the 4B shape (the tied embedding once)
    assert round(SIZES["4B"].parameters() * 2 / 1e9, 2) == 8.04


def test_random_weights(interpreted: None) -> None:
    w = random_weights(SIZES["tiny"], tr.f32, seed=3)
    qkv = w.layers[0].qkv.to_numpy()
    assert qkv.shape == (SIZES["tiny"].qkv_size, 64)
    assert abs(qkv.std() - 0.02) < 0.002 and np.abs(qkv).max() < 0.02 * 3**0.5
    assert not np.array_equal(qkv, w.layers[1].qkv.to_numpy())
    assert np.all(w.norm.to_numpy() == 1.0) and w.lm_head is w.embed


def test_command_line_random(interpreted: None, capsys: pytest.CaptureFixture[str]) -> None:
    out = io.StringIO()
    assert main(["--random", "tiny", "--prompt", "Hi", "--max-new-tokens", "5"], out) == 0
    assert out.getvalue().startswith("Hi") and out.getvalue().endswith("\n")
    err = capsys.readouterr().err
    assert "prompt: 2 tokens" in err and "decode: 4 tokens" in err and "tokens/s" in err


def test_command_line_checkpoint_with_tokenizer(
    checkpoint: Checkpoint, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tokenizers = pytest.importorskip("tokenizers")
    path = ckpt.write(tmp_path, ckpt.TINY, checkpoint[1])
    vocab = {chr(ord("a") + i): i for i in range(26)} | {"[UNK]": 26}
    model = tokenizers.models.WordLevel(vocab, unk_token="[UNK]")
    tok = tokenizers.Tokenizer(model)
    tok.pre_tokenizer = tokenizers.pre_tokenizers.Split("", "isolated")
    tok.save(str(path / "tokenizer.json"))
    out = io.StringIO()
    assert main(["--model", str(path), "--prompt", "abc", "--max-new-tokens", "3"], out) == 0
    assert "decode: 2 tokens" in capsys.readouterr().err
    assert out.getvalue().startswith("abc")
