"""Host helpers: random inputs, comparisons against numpy, one-line launches."""

import numpy as np

import tilert as tr
from servekit.kernels import add, scale

TILE = 128


def random_tensor(n: int, seed: int = 0) -> tr.Tensor[tr.f32]:
    rng = np.random.default_rng(seed)
    return tr.from_numpy(rng.standard_normal(n).astype(np.float32))


def allclose(t: tr.Tensor[tr.f32], expect: np.ndarray, tol: float = 1e-5) -> bool:
    return bool(np.allclose(t.to_numpy(), expect, atol=tol, rtol=tol))


def launch_add(out: tr.Tensor[tr.f32], a: tr.Tensor[tr.f32], b: tr.Tensor[tr.f32]) -> tr.Op:
    return add(out.partition((TILE,)), a, b)


def launch_scale(out: tr.Tensor[tr.f32], x: tr.Tensor[tr.f32], alpha: float) -> tr.Op:
    return scale(out.partition((TILE,)), x, alpha)
