"""A finalizer's warning where the user's frame has no line number (Python 3.12 gives a frame
between two lines ``f_lineno`` None, as when a Pending is collected there): the warning falls
back to where the object was made instead of raising inside ``__del__``."""

from __future__ import annotations

import warnings
from types import SimpleNamespace

import pytest

from tilert._core import where


def test_frame_without_a_line_warns_at_the_objects_site(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(where, "_user_frame", lambda: SimpleNamespace(f_lineno=None))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        where.warn_in_user_code("never waited", UserWarning, made_at="script.py:12")
    assert [(w.filename, w.lineno, str(w.message)) for w in caught] == [
        ("script.py", 12, "never waited")
    ]


def test_user_frame_without_a_line_is_line_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = SimpleNamespace(f_lineno=None, f_code=SimpleNamespace(co_filename="script.py"))
    monkeypatch.setattr(where, "_user_frame", lambda: fake)
    assert where.user_frame() == ("script.py", 0)
