"""``tilert.kernels`` as the checker sees it: what each library function writes is declared
once, by ``@writes`` in the library; tilecheck reads the declaration from the source and the
runtime from the function, and both agree with what the op borrows when it runs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import tilert as tr
import tilert.kernels as tk
from tilecheck.host.library import library_signature
from tilecheck.kernel_signature import ParamKind
from tilert.kernels._common import written_by

PUBLIC = [name for name in tk.__all__ if callable(getattr(tk, name))]


@pytest.mark.parametrize("name", PUBLIC)
def test_the_checker_reads_what_the_library_declares(name: str) -> None:
    declared = set(written_by(getattr(tk, name)))
    launch = library_signature(f"tilert.kernels.{name}")
    if launch is None:
        assert not declared  # decode_workspace and the like launch nothing
        return
    written = {p.name for p in launch.signature.params if p.kind is ParamKind.MUTABLE}
    assert written == declared
    assert launch.library


def _two_d(shape: tuple[int, int] = (4, 256)) -> tr.Tensor[Any]:
    return tr.ones(shape)


CALLS: list[tuple[str, Callable[[dict[str, tr.Tensor[Any]]], tr.Op]]] = [
    ("softmax", lambda t: tk.softmax(t["out"], t["x"])),
    ("rmsnorm", lambda t: tk.rmsnorm(t["out"], t["x"], t["w"], residual=t["residual"])),
    ("layernorm", lambda t: tk.layernorm(t["out"], t["x"], t["w"], t["bias"])),
]


@pytest.mark.parametrize(("name", "call"), CALLS, ids=[n for n, _ in CALLS])
def test_the_op_borrows_exclusively_what_is_declared(
    name: str, call: Callable[[dict[str, tr.Tensor[Any]]], tr.Op], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TILERT_BACKEND", "interpret")
    tensors = {
        "out": _two_d(),
        "x": _two_d(),
        "residual": _two_d(),
        "w": tr.ones((256,)),
        "bias": tr.zeros((256,)),
    }
    op = call(tensors)
    declared = set(written_by(getattr(tk, name)))
    for key, tensor in tensors.items():  # the keys are the parameters' names
        if key in declared:
            with pytest.raises(tr.BorrowError):
                tensor.to_numpy()
        else:
            tensor.to_numpy()  # read (Shared) or not given at all: free to read
    op.sync()
    for tensor in tensors.values():
        tensor.to_numpy()
