"""Decode attention at a device position in one kernel (``decode_attention_at(fused=True)``:
the splits' last block combines them through atomics), on the interpreter against numpy in
f64 and against the two-kernel form: lengths of one key, at a split's edge and the whole
cache; GQA groups of 1, 3 and 4 query heads; f32, bf16 and f16; one workspace reused by
consecutive calls and by a graph replayed at advancing positions, its arrival counters back
at zero after each launch. The interpreter runs blocks in block order, so the last arriver is
a head's last split; the order the GPU gives is the GPU probe's to check
(benchmarks/gpu_probe_decode_fused_combine.py)."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
import tilert.kernels.decode as decode
from tests.support import qwen3_checkpoint as ckpt
from tests.support import qwen3_reference as ref
from tests.support.kernel_checks import check, tensor
from tilert import Mutable, Tensor, i32
from tilert.models.qwen3 import Qwen3, load_config, load_weights

pytestmark = pytest.mark.usefixtures("interpreter", "sixteen_sms")

RNG = np.random.default_rng(27)
TOL = {tr.f32: 2e-5, tr.bf16: 2.4e-2, tr.f16: 3e-3}
Array = np.ndarray[Any, Any]


@pytest.fixture
def sixteen_sms(monkeypatch: pytest.MonkeyPatch) -> None:
    """The splits follow the device's SM count (the CPU's cores on the interpreter): 16, so
    every case here has several splits a KV head, whatever machine runs it."""
    monkeypatch.setattr(tr.Device, "sm_count", property(lambda _: 16))


def attend(q: Array, k: Array, v: Array, length: int) -> Array:
    group = q.shape[0] // k.shape[0]
    k, v = np.repeat(k[:, :length], group, 0), np.repeat(v[:, :length], group, 0)
    s = np.einsum("hd,hkd->hk", q, k) / math.sqrt(q.shape[1])
    p = np.exp(s - s.max(-1, keepdims=True))
    out: Array = np.einsum("hk,hkd->hd", p / p.sum(-1, keepdims=True), v)
    return out


def position(p: int) -> tr.Tensor[Any]:
    return tr.from_numpy(np.array([p], dtype=np.int32))


@tr.kernel
def advance(position: Mutable[Tensor[i32]]) -> None:
    position.store(position.load() + 1)


@pytest.mark.parametrize(
    ("dt", "heads", "kv_heads", "d", "max_seq"),
    [
        (tr.f32, 3, 1, 16, 130),  # three key tiles of 64, the last one short
        (tr.bf16, 8, 2, 32, 200),  # Qwen3-4B's group of 4
        (tr.f16, 4, 4, 16, 70),  # no GQA
    ],
    ids=["f32-group3", "bf16-group4", "f16-group1"],
)
def test_one_kernel_matches_numpy_and_two_kernels(
    dt: type[tr.DType], heads: int, kv_heads: int, d: int, max_seq: int
) -> None:
    q, qr = tensor(RNG.standard_normal((heads, d)), dt)
    k, kr = tensor(RNG.standard_normal((kv_heads, max_seq, d)), dt)
    v, vr = tensor(RNG.standard_normal((kv_heads, max_seq, d)), dt)
    workspace = tk.decode_workspace_at(q, k)
    splits = workspace.arrived.shape[1]
    assert splits > 1, f"{splits} split(s): the test needs several to combine"
    for length in (1, 64, 65, max_seq):  # the same workspace for every call
        one, two = tr.empty((heads, d), dtype=dt), tr.empty((heads, d), dtype=dt)
        at = position(length - 1)
        tk.decode_attention_at(one, q, k, v, at, workspace=workspace, fused=True).sync()
        tk.decode_attention_at(two, q, k, v, at, workspace=workspace, fused=False).sync()
        check(one, attend(qr, kr, vr, length), dt, TOL)
        np.testing.assert_allclose(
            one.to_numpy().astype(np.float64),
            two.to_numpy().astype(np.float64),
            rtol=1e-6,
            atol=1e-6,
            err_msg=f"one kernel against two at length {length} ({splits} splits a head)",
        )
        counts = workspace.arrived.to_numpy()
        assert not counts.any(), f"arrival counters left at {counts[:, 0, 0]} (length {length})"


def test_module_constant_picks_the_form(monkeypatch: pytest.MonkeyPatch) -> None:
    """``fused=None`` reads ``FUSED_COMBINE`` when the op is made: the one kernel with it on,
    the split kernel and its combine with it off."""
    q, qr = tensor(RNG.standard_normal((4, 16)), tr.f32)
    k, kr = tensor(RNG.standard_normal((2, 100, 16)), tr.f32)
    workspace = tk.decode_workspace_at(q, k)
    for on in (True, False):
        monkeypatch.setattr(decode, "FUSED_COMBINE", on)
        out = tr.empty((4, 16))
        op = tk.decode_attention_at(out, q, k, k, position(70), workspace=workspace)
        want = "op `decode_fused_at`" if on else "op `decode_split_at` .then(...)"
        assert op.label == want, f"FUSED_COMBINE={on} made {op.label}"
        op.sync()
        check(out, attend(qr, kr, kr, 71), tr.f32, TOL)


def test_graph_replays_reuse_the_counters() -> None:
    """A graph captured once and replayed at advancing positions: each replay finds the
    counters the last one reset (a count left behind would make no block the last, and the
    last replay's output would be stale)."""
    heads, kv_heads, d, max_seq, start = 6, 2, 16, 150, 60
    q, qr = tensor(RNG.standard_normal((heads, d)), tr.bf16)
    k, kr = tensor(RNG.standard_normal((kv_heads, max_seq, d)), tr.bf16)
    v, vr = tensor(RNG.standard_normal((kv_heads, max_seq, d)), tr.bf16)
    out, pos = tr.empty((heads, d), dtype=tr.bf16), position(start)
    workspace = tk.decode_workspace_at(q, k)
    with tr.graph() as g:
        g.record(tk.decode_attention_at(out, q, k, v, pos, workspace=workspace, fused=True))
        g.record(advance(pos.partition((1,))))
    for _ in range(3):
        g.launch().wait()
    g.close()
    check(out, attend(qr, kr, vr, start + 3), tr.bf16, TOL)
    assert not workspace.arrived.to_numpy().any()


def test_wrong_workspace_is_refused() -> None:
    q, k = tr.zeros((4, 16)), tr.zeros((2, 100, 16))
    other = tk.decode_workspace_at(tr.zeros((8, 16)), k)
    with pytest.raises(ValueError, match="decode_attention_at workspace"):
        tk.decode_attention_at(tr.empty((4, 16)), q, k, k, position(3), workspace=other, fused=True)


def test_tiny_qwen3_with_one_kernel(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The engine (tests/tilert/test_qwen3.py's tiny model) with ``FUSED_COMBINE`` on, against
    the numpy reference: a prompt past the first key tile of 64, so two splits hold keys,
    decode steps op by op and greedy tokens from the replayed graph."""
    pytest.importorskip("safetensors")
    monkeypatch.setattr(decode, "FUSED_COMBINE", True)
    weights = ckpt.tensors(ckpt.TINY)
    path = ckpt.write(tmp_path, ckpt.TINY, weights)
    engine = Qwen3(load_weights(path, load_config(path), tr.f32), max_seq=80)
    prompt = [int(t) for t in RNG.integers(0, ckpt.TINY["vocab_size"], 66)]
    engine.prefill(prompt)
    seq = [*prompt, engine.token()]
    for _ in range(2):
        got, want = engine.decode_step(), ref.forward(weights, ckpt.TINY, seq)[-1]
        err = np.abs(got - want).max() / np.abs(want).max()
        assert err <= 1e-4, f"logits at position {len(seq) - 1} off by {err:.2e} of the largest"
        seq.append(engine.token())
    tokens = list(engine.generate(prompt, 4))
    assert tokens == ref.greedy(weights, ckpt.TINY, prompt, 4)
