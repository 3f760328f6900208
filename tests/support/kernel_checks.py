"""What the tests of ``tilert.kernels`` share: the dtypes, the tolerance of each (largest error
over the largest reference value, at least 1), a tensor and its rounded values, the check."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

import tilert as tr

DTYPES = [tr.f32, tr.f16, tr.bf16]
TOL: Mapping[type[tr.DType], float] = {tr.f32: 2e-5, tr.f16: 2e-3, tr.bf16: 1.6e-2}


def tensor(a: np.ndarray[Any, Any], dt: type[tr.DType]) -> tuple[tr.Tensor[Any], Any]:
    """The tensor of ``a`` in ``dt`` and its values (rounded to ``dt``) in f64."""
    t = tr.from_numpy(a.astype(dt.np_dtype))
    return t, t.to_numpy().astype(np.float64)


def check(
    got: tr.Tensor[Any],
    ref: np.ndarray[Any, Any],
    dt: type[tr.DType],
    tol: Mapping[type[tr.DType], float] = TOL,
) -> None:
    """``got`` within ``tol[dt]`` of ``ref``, relative to the largest reference value."""
    g = got.to_numpy().astype(np.float64)
    assert g.shape == ref.shape
    err = np.abs(g - ref).max() / max(1.0, np.abs(ref).max())
    assert err <= tol[dt], f"relative error {err} over {tol[dt]}"
