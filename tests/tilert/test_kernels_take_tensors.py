"""Every function of ``tilert.kernels`` takes tilert tensors and partitions its outputs itself: a
partition, or another framework's array, where a tensor goes is a TypeError naming the function
and the parameter (and, for a partition, what to pass instead), raised before anything runs."""

from __future__ import annotations

import inspect
import os
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.kernels as tk
from tests.support import lines_in

pytestmark = pytest.mark.usefixtures("interpreter")
line_of = lines_in(__file__)
HERE = re.escape(os.path.basename(__file__))

PUBLIC = sorted(name for name in tk.__all__ if inspect.isfunction(getattr(tk, name)))


def tensor_parameters(fn: Callable[..., Any]) -> list[inspect.Parameter]:
    return [p for p in inspect.signature(fn).parameters.values() if "Tensor" in str(p.annotation)]


EVERY_PARAMETER = [(name, p.name) for name in PUBLIC for p in tensor_parameters(getattr(tk, name))]


def test_every_public_function_passes_through_the_check() -> None:
    assert PUBLIC == sorted(name for name in tk.__all__ if not name.isupper())  # (not CONFIGS)
    for name in PUBLIC:
        assert getattr(tk, name).__wrapped__.__name__ == name, name


@pytest.mark.parametrize("name", PUBLIC)
def test_a_partition_says_the_library_partitions_its_outputs(name: str) -> None:
    fn = getattr(tk, name)
    first = tensor_parameters(fn)[0].name
    out = tr.zeros((4, 64), name="out")
    with pytest.raises(TypeError) as info:
        fn(out.partition((1, 64)))  # marker: a partition given
    assert re.fullmatch(
        rf"tk\.{name}: parameter `{first}` takes a tilert tensor, got the partition \(1, 64\) of "
        rf"tensor `out` .*; the library functions take tensors and partition their outputs "
        rf"themselves: pass `{first}`, not `{first}\.partition\(\.\.\.\)` "
        rf"\(called at .*{HERE}:{line_of('marker: a partition given')}\)",
        str(info.value),
    )
    del info  # (its traceback holds the partition)
    assert not out._borrows  # type: ignore[attr-defined]  # nothing was taken: the refused partition is gone with the error


@pytest.mark.parametrize(("name", "param"), EVERY_PARAMETER)
def test_an_array_for_any_tensor_parameter_names_it(name: str, param: str) -> None:
    fn = getattr(tk, name)
    array = np.zeros((4, 64), np.float32)
    with pytest.raises(TypeError, match=rf"^tk\.{name}: parameter `{param}` takes a "):
        fn(**{param: array})
    with pytest.raises(TypeError, match=rf"^tk\.{name}: parameter `{param}` takes a "):
        fn(**{param: tr.zeros((4, 64)).partition((1, 64))})


def test_an_array_gets_the_way_to_make_it_a_tensor() -> None:
    out = tr.zeros((4, 64))
    with pytest.raises(
        TypeError,
        match=r"^tk\.softmax: parameter `x` takes a tilert tensor, got a numpy\.ndarray of shape "
        r"\(4, 64\) and dtype float32; make it one with tr\.from_dlpack\(x\) \(shares its memory\)",
    ):
        # the runtime's own TypeError is under test: tilecheck reports the same misuse (TC106)
        tk.softmax(out, np.ones((4, 64), np.float32))  # type: ignore[arg-type]  # tilecheck: ignore[TC106]
    with pytest.raises(TypeError, match=r"`out` takes a tilert tensor, got 3\.0 \(called at"):
        tk.softmax(3.0, out)  # type: ignore[arg-type]


def test_none_and_tuples_of_tensors_where_the_annotations_take_them() -> None:
    x, w, out = tr.ones((2, 64)), tr.ones((64,)), tr.zeros((2, 64))
    tk.rmsnorm(out, x, w, residual=None).sync()  # `Tensor[Any] | None`
    np.testing.assert_allclose(out.to_numpy(), 1.0, rtol=1e-5)
    with pytest.raises(
        TypeError, match=r"^tk\.softmax: parameter `x` takes a tilert tensor, got None"
    ):
        tk.softmax(out, None)  # type: ignore[arg-type]
    q, cache = tr.ones((4, 16)), tr.ones((2, 64, 16))
    workspace = tk.decode_workspace(q, cache)
    tk.decode_attention(tr.zeros((4, 16)), q, cache, cache, 8, workspace=workspace).sync()
    with pytest.raises(
        TypeError,
        match=r"^tk\.decode_attention: parameter `workspace` takes a tuple of tilert tensors, got "
        r"\(Partition",
    ):
        parts = (workspace[0].partition((1, 16, 16)), workspace[1])
        tk.decode_attention(out, q, cache, cache, 8, workspace=parts)  # type: ignore[arg-type]
