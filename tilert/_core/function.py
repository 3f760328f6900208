"""``@tr.function``: a helper that kernels may call, validated by the same kernel rules; the
interpreter runs it inline and the cutile lowering emits it as a ``ct.function``."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from tilert._core.validation import CallableFromKernels, validate


class DeviceFunction(CallableFromKernels):
    """A helper callable from kernels (``@tr.function``); runs inline in the interpreter."""

    def __init__(self, fn: Callable[..., Any]) -> None:
        self.fn = fn
        self.name = fn.__name__
        functools.update_wrapper(self, fn)
        validate(fn, self.name)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.fn(*args, **kwargs)
