"""GELU, tanh approximation (GPT-2 / BERT), on bf16 activations with module constants, a
@tr.function helper and a 1-D launch over a flattened tensor with a ragged end."""
import math

import ml_dtypes
import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, bf16

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)
COEF = 0.044715
BLOCK = 256


@tr.function
def gelu_tanh(x: tl.Tile[tl.f32]) -> tl.Tile[tl.f32]:
    # (first written unannotated: refused, TC206; see README)
    inner = SQRT_2_OVER_PI * (x + COEF * x * x * x)
    return 0.5 * x * (1.0 + tl.tanh(inner))


@tr.kernel
def gelu(y: Mutable[Tensor[bf16]], x: Shared[Tensor[bf16]]) -> None:
    v = tl.load_tile_like(x, y).astype(tl.f32)
    y.store(gelu_tanh(v))


def main():
    rng = np.random.default_rng(5)
    n = 3 * 1000 + 7
    xs = (rng.standard_normal(n) * 3).astype(ml_dtypes.bfloat16)
    y = tr.empty((n,), dtype=bf16)
    gelu(y.partition((BLOCK,)), tr.from_numpy(xs)).sync()
    x = xs.astype(np.float64)
    ref = 0.5 * x * (1 + np.tanh(SQRT_2_OVER_PI * (x + COEF * x ** 3)))
    err = np.abs(y.to_numpy().astype(np.float64) - ref) / (1 + np.abs(ref))
    if not err.max() < 8e-3:
        raise AssertionError(f"gelu rel err {err.max()}")
    print("OK k05")


main()
