"""The kernels a new user writes from the README (``tests.support.real_kernels``): what the
interpreter runs, the GPU runs with the same result."""

from __future__ import annotations

import numpy as np
import pytest

from tests.gpu.test_gpu import both
from tests.support.real_kernels import CASES, Case

pytestmark = pytest.mark.gpu


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_matches_the_interpreter_on_the_gpu(monkeypatch: pytest.MonkeyPatch, case: Case) -> None:
    expect, got = both(monkeypatch, case.run)
    for e, g in zip(expect, got, strict=True):
        assert e.dtype == g.dtype and e.shape == g.shape
        tol = max(case.tolerance, 1e-5)
        np.testing.assert_allclose(g, e, rtol=tol, atol=tol)
