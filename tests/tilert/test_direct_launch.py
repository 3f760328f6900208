"""The parts of direct launches (tilert/cutile/direct.py) that need no GPU: a view's parameter
words, and when a first launch is not one the C path may repeat. The launches themselves are
tests/gpu/test_gpu_direct_launch.py's."""

from __future__ import annotations

import struct
import types
from typing import Any

import numpy as np

from tilert.cuda.memory import ArrayView
from tilert.cutile import direct


class Storage:
    ptr = 0x7F0000001000


def test_words_of_a_contiguous_view_are_address_shape_and_element_strides() -> None:
    view = ArrayView(Storage(), (4, 6), np.dtype(np.float16))
    words = direct._words(view)
    assert words == struct.pack("<5q", Storage.ptr, 4, 6, 6, 1)


def test_words_of_a_strided_view_count_elements_not_bytes() -> None:
    view = ArrayView(Storage(), (6, 4), np.dtype(np.float32), Storage.ptr + 64, (4, 24))
    assert direct._words(view) == struct.pack("<5q", Storage.ptr + 64, 6, 4, 1, 6)


def test_words_refuse_strides_that_are_not_whole_elements() -> None:
    view = ArrayView(Storage(), (3,), np.dtype(np.float32), None, (6,))
    assert direct._words(view) is None
    assert direct._words(object()) is None  # (not a launch view: ct.launch takes it)


def _compiled(compiles: int, launch: Any = None, num_ctas: Any = None) -> Any:
    kernel = types.SimpleNamespace(
        compiled=[(None, b"", "k", ())] * compiles,
        _compiler_options=types.SimpleNamespace(num_ctas=num_ctas),
    )
    return types.SimpleNamespace(kernel=kernel, launch=launch)


def test_only_a_first_launch_with_one_compile_and_one_driver_launch_is_repeated() -> None:
    call = (1, 4, 1, 1, 1, 1, 1, 0, 0)
    assert direct.make(_compiled(2), [call], (4,)) is None  # two signatures compiled
    assert direct.make(_compiled(1), [call, call], (4,)) is None  # another thread's launch too
    assert direct.make(_compiled(1), [], (4,)) is None  # the spy was busy
    assert direct.make(_compiled(1), [call], (8,)) is None  # not this launch's grid
    assert direct.make(_compiled(1, launch=print), [call], (4,)) is None  # a dependent launch
    assert direct.make(_compiled(1, num_ctas=2), [call], (4,)) is None  # clusters


def test_turned_off_by_the_environment(monkeypatch: Any) -> None:
    monkeypatch.setenv("TILERT_DIRECT_LAUNCH", "0")
    assert not direct.enabled()
    monkeypatch.setenv("TILERT_DIRECT_LAUNCH", "1")
    assert direct.enabled()
