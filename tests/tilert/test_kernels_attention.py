"""tilert.kernels' attention (flash attention, causal or not, grouped-query heads) and
flash-decoding on the interpreter against numpy in f64, for f16, bf16 and f32, at sequence
lengths and head dims that are not powers of two (masked key tiles, padded head_dim).

Tolerance: the largest absolute error over the largest reference magnitude (at least 1) is at
most 2e-5 (f32), 4e-3 (f16), 2.4e-2 (bf16): probabilities are rounded to the inputs' dtype
before the product with V, as on the GPU."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support.kernel_checks import DTYPES, tensor
from tests.support.kernel_checks import check as check_within

pytestmark = pytest.mark.usefixtures("interpreter")

TOL = {tr.f32: 2e-5, tr.f16: 4e-3, tr.bf16: 2.4e-2}  # softmax over many keys: looser
RNG = np.random.default_rng(14)


def reference(q: Any, k: Any, v: Any, causal: bool, scale: float) -> Any:
    group = q.shape[1] // k.shape[1]
    k, v = np.repeat(k, group, axis=1), np.repeat(v, group, axis=1)
    s = q @ k.transpose(0, 1, 3, 2) * scale
    if causal:
        s = np.where(np.tril(np.ones(s.shape[-2:], dtype=bool)), s, -np.inf)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    return p / p.sum(axis=-1, keepdims=True) @ v


SHAPES = [(2, 4, 2, 40, 16), (1, 3, 1, 33, 24), (1, 2, 2, 1, 8)]  # batch, heads, kv, seq, d
CONFIGS = [*tk.ATTENTION_CONFIGS, tr.Config(bm=16, bn=16, occupancy=1)]


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("causal", [False, True], ids=["full", "causal"])
@pytest.mark.parametrize("cfg", CONFIGS, ids=[*(f"c{i}" for i in range(len(CONFIGS) - 1)), "small"])
def test_attention(
    dt: type[tr.DType], shape: tuple[int, ...], causal: bool, cfg: tr.Config
) -> None:
    b, h, hk, s, d = shape
    q, qr = tensor(RNG.standard_normal((b, h, s, d)), dt)
    k, kr = tensor(RNG.standard_normal((b, hk, s, d)), dt)
    v, vr = tensor(RNG.standard_normal((b, hk, s, d)), dt)
    out = tr.empty((b, h, s, d), dtype=dt)
    tk.attention(out, q, k, v, causal=causal, config=cfg).sync()
    check(out, reference(qr, kr, vr, causal, 1 / math.sqrt(d)), dt)


def test_attention_scale_and_refusals() -> None:
    q, qr = tensor(RNG.standard_normal((1, 2, 20, 16)), tr.f32)
    k, kr = tensor(RNG.standard_normal((1, 2, 30, 16)), tr.f32)  # more keys than queries
    v, vr = tensor(RNG.standard_normal((1, 2, 30, 16)), tr.f32)
    out = tr.empty((1, 2, 20, 16), dtype=tr.f32)
    tk.attention(out, q, k, v, scale=0.5).sync()
    check(out, reference(qr, kr, vr, False, 0.5), tr.f32)
    with pytest.raises(ValueError, match="must divide"):
        tk.attention(out, q, tr.zeros((1, 3, 30, 16)), tr.zeros((1, 3, 30, 16)))


@pytest.mark.parametrize("dt", DTYPES, ids=lambda d: d.name)
@pytest.mark.parametrize(
    "case",
    [(8, 2, 200, 16, 150, None), (4, 4, 100, 24, 37, 16), (6, 2, 300, 32, 300, 64)],
    ids=["gqa", "mha-d24", "full-cache"],
)
def test_decode_attention(dt: type[tr.DType], case: tuple[Any, ...]) -> None:
    hq, hk, max_seq, d, length, split_len = case
    q, qr = tensor(RNG.standard_normal((hq, d)), dt)
    k, kr = tensor(RNG.standard_normal((hk, max_seq, d)), dt)
    v, vr = tensor(RNG.standard_normal((hk, max_seq, d)), dt)
    out = tr.empty((hq, d), dtype=dt)
    tk.decode_attention(out, q, k, v, length, split_len=split_len).sync()
    ref = reference(
        qr[None, :, None, :], kr[None, :, :length], vr[None, :, :length], False, 1 / math.sqrt(d)
    )
    check(out, ref[0, :, 0, :], dt)


def test_decode_attention_refusals() -> None:
    q = tr.zeros((4, 16))
    cache = tr.zeros((2, 10, 16))
    with pytest.raises(ValueError, match="length"):
        tk.decode_attention(tr.empty((4, 16)), q, cache, cache, 11)
    with pytest.raises(ValueError, match="must divide"):
        tk.decode_attention(tr.empty((4, 16)), q, tr.zeros((3, 10, 16)), tr.zeros((3, 10, 16)), 5)


def test_decode_attention_with_a_workspace_replays_in_a_graph() -> None:
    q, qr = tensor(RNG.standard_normal((8, 32)), tr.f16)
    k, kr = tensor(RNG.standard_normal((2, 500, 32)), tr.f16)
    v, vr = tensor(RNG.standard_normal((2, 500, 32)), tr.f16)
    ws = tk.decode_workspace(q, k, split_len=64)
    out = tr.empty((8, 32), dtype=tr.f16)
    with tr.graph() as g:  # a capture refuses allocations: the workspace is made before
        g.record(tk.decode_attention(out, q, k, v, 450, split_len=64, workspace=ws))
    g.launch().wait()
    g.close()
    ref = reference(qr[None, :, None, :], kr[None, :, :450], vr[None, :, :450], False, 32**-0.5)
    check(out, ref[0, :, 0, :], tr.f16)
    small = tk.decode_workspace(q, k, split_len=256)  # two splits of 256
    with pytest.raises(ValueError, match="too small"):
        tk.decode_attention(out, q, k, v, 450, split_len=64, workspace=small)


def test_the_output_of_a_submitted_decode_attention_is_borrowed_until_its_wait() -> None:
    """The split and combine are a chain whose callback makes the op writing ``out``; ``out``
    is borrowed from the call on, as a single launch's output is: a host read before the wait
    is refused here too, where the callback runs only when the chain is waited for."""
    q, qr = tensor(RNG.standard_normal((4, 16)), tr.f32)
    k, kr = tensor(RNG.standard_normal((2, 70, 16)), tr.f32)
    v, vr = tensor(RNG.standard_normal((2, 70, 16)), tr.f32)
    out = tr.zeros((4, 16), dtype=tr.f32)
    pending = tk.decode_attention(out, q, k, v, 50).submit()
    with pytest.raises(tr.BorrowError, match=r"exclusively borrowed \(written by op `decode_split"):
        out.to_numpy()  # tilecheck: ignore[TC102]  (the misuse under test)
    pending.wait()
    ref = reference(qr[None, :, None, :], kr[None, :, :50], vr[None, :, :50], False, 16**-0.5)
    check(out, ref[0, :, 0, :], tr.f32)
    with pytest.warns(tr.UnrunOpWarning):
        tk.decode_attention(out, q, k, v, 50)  # dropped unrun
    assert out.to_numpy().shape == (4, 16)  # it released out


def check(got: tr.Tensor[Any], ref: np.ndarray[Any, Any], dt: type[tr.DType]) -> None:
    check_within(got, ref, dt, TOL)
