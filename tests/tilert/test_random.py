"""Random numbers and the composite math of ``tilert.lang`` on the interpreter: Philox4x32-10
against an independent reference (and the published known-answer vector), ``rand`` in [0, 1),
``randn`` standard normal, ``sigmoid``, ``erf`` and ``softplus`` against numpy. The GPU runs the
same kernels against the interpreter (tests/gpu/test_gpu.py)."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import pytest

import tilert as tr
from tests.support import cutile_kernels as K

MASK = 0xFFFFFFFF


def philox4x32_10(counter: tuple[int, int, int, int], key: tuple[int, int]) -> list[int]:
    """Philox4x32-10 as Random123 defines it, in Python integers."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(10):
        p0, p1 = 0xD2511F53 * c0, 0xCD9E8D57 * c2
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & MASK, (p0 >> 32) ^ c3 ^ k1, p0 & MASK
        k0, k1 = (k0 + 0x9E3779B9) & MASK, (k1 + 0xBB67AE85) & MASK
    return [c0, c1, c2, c3]


@pytest.fixture(autouse=True)
def _interpreter(interpreter: None) -> Iterator[None]:
    yield


def test_the_reference_gives_the_published_answer() -> None:
    assert philox4x32_10((0, 0, 0, 0), (0, 0)) == [0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8]


@pytest.mark.parametrize("seed", [0, 1, 12345, 2**31 - 1])
def test_randint_is_philox_of_the_offset_under_the_seed(seed: int) -> None:
    out = tr.zeros((300,), dtype=tr.u32)
    K.philox_words(out.partition((128,)), seed).sync()
    want = [philox4x32_10((n, 0, 0, 0), (seed, 0))[0] for n in range(300)]
    np.testing.assert_array_equal(out.to_numpy(), np.array(want, np.uint32))


def test_rand_is_uniform_and_randn_normal_and_both_repeat_for_a_seed() -> None:
    x = tr.zeros((4096,))

    def draw(seed: int) -> tuple[np.ndarray, np.ndarray]:
        u, g = tr.empty((4096,)), tr.empty((4096,))
        K.random_math(u.partition((256,)), g.partition((256,)), x, seed).sync()
        return u.to_numpy(), g.to_numpy()

    u, g = draw(7)
    assert 0.0 <= u.min() and u.max() < 1.0 and abs(u.mean() - 0.5) < 0.02
    assert abs(g.mean()) < 0.05 and abs(g.std() - 1.0) < 0.05
    again, _ = draw(7)
    other, _ = draw(8)
    np.testing.assert_array_equal(u, again)
    assert not np.array_equal(u, other)
    words = [philox4x32_10((n, 0, 0, 0), (7, 0))[0] for n in range(4096)]
    np.testing.assert_array_equal(u, (np.array(words) // 256).astype(np.float32) * 2.0**-24)


def test_sigmoid_erf_softplus_match_numpy() -> None:
    xs = np.linspace(-30.0, 30.0, 1000, dtype=np.float32)
    z = tr.empty((1000,))
    K.smooth_math(z.partition((256,)), tr.from_numpy(xs)).sync()
    erf = np.array([math.erf(v) for v in xs.astype(np.float64)])
    want = 1 / (1 + np.exp(-xs.astype(np.float64))) + 2 * erf + 4 * np.logaddexp(0.0, xs)
    np.testing.assert_allclose(z.to_numpy(), want, rtol=1e-5, atol=2e-6)


def test_log1p_and_expm1_keep_their_precision_near_zero() -> None:
    tiny = np.logspace(-30, -1, 500, dtype=np.float32)
    xs = np.concatenate([tiny, -tiny[::-1], np.linspace(-0.9, 3.0, 24, dtype=np.float32)])
    z = tr.empty(xs.shape)
    K.small_math(z.partition((256,)), tr.from_numpy(xs)).sync()
    want = np.log1p(xs.astype(np.float64)) + 3.0 * np.expm1(xs.astype(np.float64))
    np.testing.assert_allclose(z.to_numpy(), want, rtol=2e-6, atol=0)
