"""The kernels a new user writes from the README (``tests.support.real_kernels``) run on the
interpreter and match numpy; ``tests/gpu/test_gpu_real_kernels.py`` runs them on the GPU too."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from tests.support.real_kernels import CASES, Case


@pytest.fixture(autouse=True)
def _interpreter(interpreter: None) -> Iterator[None]:
    yield


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_matches_numpy_on_the_interpreter(case: Case) -> None:
    got = case.run()
    if case.reference is None:  # the case compares its own outputs, or checks them itself
        if len(got) == 2:
            np.testing.assert_array_equal(got[0], got[1])
        return
    for g, e in zip(got, case.reference(), strict=True):
        np.testing.assert_allclose(g, e, rtol=case.tolerance, atol=case.tolerance)


def test_dropout_keeps_about_the_asked_fraction() -> None:
    (kept,) = next(c for c in CASES if c.name == "dropout").run()
    assert 0.65 < np.count_nonzero(kept) / kept.size < 0.85
