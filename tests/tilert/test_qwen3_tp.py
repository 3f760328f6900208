"""Tensor-parallel Qwen3 (``tilert.models.qwen3.parallel``) on the interpreter: two ranks on
the in-process stand-in communicator (``run_ranks``), each holding its slice of the tiny
random checkpoint (tests/support/qwen3_checkpoint.py: 4 query / 2 KV heads, MLP 96), against
the one-device engine on the same weights: every position's prompt logits, decode steps op by
op, greedy tokens from the captured, replayed step (its all-reduces in the graph), the
command line, and the weight slicing of benchmarks/gpu_bench_tp.py.

Tolerance as tests/tilert/test_qwen3.py's for f32 weights: 1e-4 of the largest logit (the
all-reduce sums the partial projections in another order than one GEMV)."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
from tests.support import benchmark
from tests.support import qwen3_checkpoint as ckpt
from tilert import backends
from tilert.distributed import Communicator
from tilert.distributed.local import LocalTransport
from tilert.distributed.testing import run_ranks
from tilert.models.qwen3 import (
    SIZES,
    Qwen3,
    Qwen3TP,
    load_config,
    load_weights,
    random_weights,
    shard,
)
from tilert.models.qwen3.__main__ import main
from tilert.models.qwen3.parallel import local_config
from tilert.models.qwen3.vocab import per_rank, vocab_rows

PROMPT = [3, 17, 200, 45, 9, 81, 122]
STEPS = 3  # decode steps run op by op
NEW = 5  # greedy tokens from the replayed graph
Array = np.ndarray[Any, Any]


@pytest.fixture(scope="module")
def interpreted() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("TILERT_BACKEND", "interpret")
        backends.current.cache_clear()
        yield
    backends.current.cache_clear()


@pytest.fixture(scope="module")
def checkpoint(interpreted: None, tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("safetensors")
    return ckpt.write(tmp_path_factory.mktemp("tiny"), ckpt.TINY, ckpt.tensors(ckpt.TINY))


def session(engine: Qwen3) -> dict[str, Any]:
    """What the tests compare: the prompt's logits, STEPS decode steps' (tokens fed back),
    then NEW greedy tokens of ``generate`` (graph replays)."""
    prompt = engine.prefill(PROMPT, all_logits=True)
    steps = [engine.decode_step() for _ in range(STEPS)]
    tokens = list(engine.generate(PROMPT, NEW))
    return {"prompt": prompt, "steps": steps, "tokens": tokens, "position": engine.position()}


@pytest.fixture(scope="module")
def one_device(checkpoint: Path) -> dict[str, Any]:
    return session(Qwen3(load_weights(checkpoint, load_config(checkpoint), tr.f32), 24))


@pytest.fixture(scope="module")
def two_ranks(checkpoint: Path) -> list[dict[str, Any]]:
    def rank(comm: Communicator) -> dict[str, Any]:
        full = load_weights(checkpoint, load_config(checkpoint), tr.f32)
        mine = shard(full, comm.rank, comm.size)
        # with the L2 prefetches recorded as branches of the step (nothing, on the CPU)
        return session(Qwen3TP(mine, 24, comm, l2_prefetch=True))

    return run_ranks(2, rank)


def close(got: Array, want: Array, tol: float = 1e-4) -> None:
    err = np.abs(got - want).max() / np.abs(want).max()
    assert err <= tol, f"logits off by {err:.2e} of the largest (over {tol})"


def test_prompt_logits_match_one_device(
    one_device: dict[str, Any], two_ranks: list[dict[str, Any]]
) -> None:
    for r in two_ranks:
        assert r["prompt"].shape == (len(PROMPT), ckpt.TINY["vocab_size"])
        close(r["prompt"], one_device["prompt"])


def test_decode_steps_match_one_device(
    one_device: dict[str, Any], two_ranks: list[dict[str, Any]]
) -> None:
    for r in two_ranks:
        for got, want in zip(r["steps"], one_device["steps"], strict=True):
            close(got, want)


def test_replayed_graph_tokens_match_one_device(
    one_device: dict[str, Any], two_ranks: list[dict[str, Any]]
) -> None:
    assert len(one_device["tokens"]) == NEW
    for r in two_ranks:
        assert r["tokens"] == one_device["tokens"]
        assert r["position"] == one_device["position"] == len(PROMPT) + NEW - 1


def test_each_rank_holds_its_slice(checkpoint: Path) -> None:
    """The slices put back together are the whole model: q/k/v rows by KV-head group, o_proj
    and down_proj columns, gate/up rows; the embedding and norms shared, not copied."""
    full = load_weights(checkpoint, load_config(checkpoint), tr.f32)
    parts = [shard(full, r, 2) for r in range(2)]
    c, hd = full.config, full.config.head_dim
    q, kv = c.num_attention_heads * hd // 2, c.num_key_value_heads * hd // 2
    for n, layer in enumerate(full.layers):
        slices = [p.layers[n] for p in parts]
        qkv = [s.qkv.to_numpy() for s in slices]
        whole = np.concatenate([x[:q] for x in qkv] + [x[q : q + kv] for x in qkv])
        whole = np.concatenate([whole, *(x[q + kv :] for x in qkv)])
        np.testing.assert_array_equal(whole, layer.qkv.to_numpy())
        for name, axis in (("o", 1), ("down", 1), ("gate_up", 1)):
            joined = np.concatenate([getattr(s, name).to_numpy() for s in slices], axis=axis)
            np.testing.assert_array_equal(joined, getattr(layer, name).to_numpy())
        assert all(s.attn_norm is layer.attn_norm for s in slices)
    assert all(p.embed is full.embed and p.shard == (r, 2) for r, p in enumerate(parts))
    # the head (tied to the embedding here) split by vocabulary, each rank its half of the rows
    heads = np.concatenate([p.lm_head.to_numpy() for p in parts])
    np.testing.assert_array_equal(heads, full.lm_head.to_numpy())
    assert all(p.lm_head.shape == (c.vocab_size // 2, c.hidden_size) for p in parts)
    with pytest.raises(ValueError, match="already rank 1's slice"):
        shard(parts[1], 0, 2)


def test_a_vocabulary_that_does_not_split_evenly(interpreted: None) -> None:
    """251 rows over 2 ranks: rank 0 holds rows [0, 126), rank 1 [126, 251) padded with a
    zero row to 126; logits and greedy tokens (the replayed graph's) as one device's."""
    config = dataclasses.replace(SIZES["tiny"], vocab_size=251, tie_word_embeddings=False)
    assert [vocab_rows(251, r, 2) for r in range(2)] == [(0, 126), (126, 251)]
    assert per_rank(251, 2) == 126
    with pytest.raises(ValueError, match="leaves the last rank no rows"):
        vocab_rows(5, 0, 4)  # (slices of 2: the fourth rank would start at row 6)

    def run(engine: Qwen3) -> tuple[Array, list[int], Array]:
        logits = engine.prefill(PROMPT[:4], all_logits=True)
        tokens = list(engine.generate(PROMPT, NEW))
        return logits, tokens, engine.decode_step()

    full = random_weights(config, tr.f32, seed=5)
    want = run(Qwen3(full, 24))

    def rank(comm: Communicator) -> tuple[Array, list[int], Array]:
        mine = shard(random_weights(config, tr.f32, seed=5), comm.rank, 2)
        if comm.rank == 1:
            head = mine.lm_head.to_numpy()
            assert head.shape == (126, config.hidden_size) and not head[125].any()
        return run(Qwen3TP(mine, 24, comm))

    for logits, tokens, step in run_ranks(2, rank):
        assert logits.shape == (4, 251) and step.shape == (251,)
        close(logits, want[0])
        assert tokens == want[1]
        close(step, want[2])


def test_the_steps_collective_tensors_come_from_the_communicator(
    checkpoint: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``comm.empty`` (NCCL's windows, on the GPU) makes the residual stream's two tensors,
    which the step all-reduces, and the split head's four, which it all-gathers."""
    made: list[tuple[int, str | None]] = []
    empty = LocalTransport.empty

    def recording(self: LocalTransport, shape: Any, dtype: Any, name: str | None) -> Any:
        made.append((self.rank, name))
        return empty(self, shape, dtype, name)

    monkeypatch.setattr(LocalTransport, "empty", recording)

    def rank(comm: Communicator) -> None:
        full = load_weights(checkpoint, load_config(checkpoint), tr.f32)
        Qwen3TP(shard(full, comm.rank, comm.size), 8, comm)

    run_ranks(2, rank)
    want = [
        "local logits",
        "gathered logits",
        "local head partials",
        "head partials",
        "residual a",
        "residual b",
    ]
    for r in range(2):
        assert [name for at, name in made if at == r] == want


def test_sizes_that_do_not_split(interpreted: None) -> None:
    with pytest.raises(ValueError, match=r"splits num_key_value_heads \(8\) evenly: 3"):
        local_config(SIZES["8B"], 3)
    assert local_config(SIZES["8B"], 8).num_attention_heads == 4

    def wrong_slice(comm: Communicator) -> None:
        full = random_weights(SIZES["tiny"], tr.f32, seed=1)
        Qwen3TP(shard(full, 1 - comm.rank, 2), 8, comm)

    with pytest.raises(ValueError, match=r"rank (\d) of 2 needs its slice") as caught:
        run_ranks(2, wrong_slice)
    rank = int(caught.value.args[0][5])
    assert f"these are rank {1 - rank}'s of 2" in str(caught.value)


class NoCapture(Qwen3TP):
    """A backend whose graphs cannot hold the all-reduces: the first replay fails."""

    def capture(self) -> Any:
        class Failing:
            def launch(self) -> Any:
                raise RuntimeError("collectives cannot be captured here")

            def close(self) -> None:
                pass

        return Failing()


def test_capture_failure_falls_back_to_eager_steps(
    checkpoint: Path, one_device: dict[str, Any], capsys: pytest.CaptureFixture[str]
) -> None:
    def rank(comm: Communicator) -> list[int]:
        full = load_weights(checkpoint, load_config(checkpoint), tr.f32)
        return list(NoCapture(shard(full, comm.rank, 2), 24, comm).generate(PROMPT, NEW))

    assert run_ranks(2, rank) == [one_device["tokens"]] * 2
    err = capsys.readouterr().err
    assert "rank 1: the decode step's graph failed (RuntimeError: collectives cannot" in err
    assert "running each step op by op instead" in err


class CaptureAt(Qwen3TP):
    """Says the position where it captured the decode step's graph."""

    captured_at = -1

    def capture(self) -> tr.Graph:
        self.captured_at = self.position()
        return super().capture()


def test_a_communicator_needing_an_eager_first_step_gets_one_before_the_capture(
    checkpoint: Path, one_device: dict[str, Any]
) -> None:
    """``small_all_reduce="symm"`` rendezvouses a buffer on an all-reduce's first use, which
    a capture cannot run: the first decode step runs op by op, the graph serves the rest."""

    def rank(comm: Communicator, eager_first: bool) -> tuple[list[int], int]:
        comm.transport.needs_eager_first = eager_first  # (what symm's transport says)
        full = load_weights(checkpoint, load_config(checkpoint), tr.f32)
        engine = CaptureAt(shard(full, comm.rank, 2), 24, comm)
        return list(engine.generate(PROMPT, NEW)), engine.captured_at

    plain = run_ranks(2, lambda comm: rank(comm, False))
    eager = run_ranks(2, lambda comm: rank(comm, True))
    for (tokens, at), (plain_tokens, plain_at) in zip(eager, plain, strict=True):
        assert tokens == plain_tokens == one_device["tokens"]
        assert at == plain_at + 1


# -- the command line and the benchmark's parts that run here -----------------------------------
def test_command_line_tp(interpreted: None, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--random", "tiny", "--prompt", "Hi", "--max-new-tokens", "4"]
    single = io.StringIO()
    assert main(args, single) == 0
    capsys.readouterr()
    outs = [io.StringIO(), io.StringIO()]
    assert run_ranks(2, lambda comm: main([*args, "--tp", "2"], outs[comm.rank])) == [0, 0]
    assert outs[0].getvalue() == single.getvalue() and outs[1].getvalue() == ""
    err = capsys.readouterr().err
    assert "each of 2 x" in err and "decode: 3 tokens" in err and err.count("prompt:") == 1

    def eager_first(comm: Communicator) -> int:
        comm.transport.needs_eager_first = True
        return main([*args, "--tp", "2", "--small-all-reduce", "symm"], outs[comm.rank])

    outs = [io.StringIO(), io.StringIO()]
    assert run_ranks(2, eager_first) == [0, 0]
    assert outs[0].getvalue() == single.getvalue()
    assert "decode: 3 tokens" in capsys.readouterr().err


def test_command_line_tp_needs_the_world(
    interpreted: None, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    args = ["--random", "tiny", "--max-new-tokens", "2"]
    assert main([*args, "--tp", "2"], io.StringIO()) == 2
    assert "--tp 2 needs a world of 2 processes" in capsys.readouterr().err
    for name, value in [("WORLD_SIZE", "2"), ("RANK", "0"), ("MASTER_ADDR", "127.0.0.1")]:
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("MASTER_PORT", "29500")
    assert main(args, io.StringIO()) == 2
    assert "in a world of 2 processes: pass --tp 2" in capsys.readouterr().err


def test_benchmark_slices_the_same_weights(interpreted: None) -> None:
    """benchmarks/gpu_bench_tp.py: its arguments, and each rank's slice made from the seed
    is that rank's slice of the one-device weights."""
    bench = benchmark("gpu_bench_tp")
    args = bench.parse(["--out", "results", "--layers", "2"])
    assert (args.size, args.context, args.layers) == ("8B", 512, 2)
    assert args.small_all_reduce == "both"
    assert bench.parse(["--out", "r", "--small-all-reduce", "symm"]).small_all_reduce == "symm"
    config = bench.shape(args.size, args.layers)
    assert config.num_hidden_layers == 2 and config.hidden_size == 4096
    tiny = SIZES["tiny"]
    full = bench.model(tiny, tr.f32, seed=7)
    mine = bench.rank_weights(tiny, tr.f32, seed=7, rank=1, size=2)
    want = shard(full, 1, 2)
    for got, ref in zip(mine.layers, want.layers, strict=True):
        for a, b in zip(got.tensors(), ref.tensors(), strict=True):
            np.testing.assert_array_equal(a.to_numpy(), b.to_numpy())
    assert mine.shard == (1, 2)


def test_the_benchmarks_replicated_head_path_matches_one_device(
    checkpoint: Path, one_device: dict[str, Any]
) -> None:
    """benchmarks/gpu_bench_tp.py's row for the path before the split: every rank the whole
    LM head, ordinary tensors; the same greedy tokens."""
    bench = benchmark("gpu_bench_tp")

    def rank(comm: Communicator) -> list[int]:
        full = load_weights(checkpoint, load_config(checkpoint), tr.f32)
        mine = shard(full, comm.rank, 2)
        engine = bench.ReplicatedHead(mine, 24, comm, full.lm_head)
        assert engine.weights.lm_head is full.lm_head
        return list(engine.generate(PROMPT, NEW))

    assert run_ranks(2, rank) == [one_device["tokens"]] * 2


def test_the_step_probe_runs_every_variant_on_the_stand_in(interpreted: None) -> None:
    """benchmarks/gpu_probe_tp_step.py at the tiny shape, two ranks on the stand-in: every
    variant's step and every collective timed, its rows made (the times are the interpreter's,
    not worth reading)."""
    probe = benchmark("gpu_probe_tp_step")
    argv = ["--out", "r", "--size", "tiny", "--context", "4", "--replays", "2", "--rounds", "1"]
    args = probe.parse(argv)
    docs: list[dict[str, Any]] = [{"comparisons": [], "errors": []} for _ in range(2)]
    run_ranks(2, lambda comm: probe.run(args, comm, docs[comm.rank]))
    doc = docs[0]
    assert doc["errors"] == []
    assert set(doc["step_ms"]) == {*probe.VARIANTS, "one-gpu"}
    assert all(ms > 0 for ms in doc["step_ms"].values())
    assert set(doc["collective_us"]) == {
        f"{kind}-{where}" for kind in ("allreduce", "allgather") for where in ("window", "plain")
    }
    assert [row["name"] for row in doc["comparisons"]] == [
        "tp2-step-speedup",
        "tp2-step-no-allreduce",
        "tp2-step-no-head",
        "tp2-step-no-allreduce-no-head",
        "tp2-step-plain-buffers",
        "allreduce-window-vs-plain",
        "allgather-window-vs-plain",
    ]
