"""The mypy plugin: thin hooks over the stubs, for the argument-level rules (TC101, TC106,
TC201) and dtypes. Flow-sensitive rules (in-flight tensors, unrun ops) stay in tilecheck."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from mypy.options import Options
from mypy.plugin import (
    ClassDefContext,
    FunctionContext,
    MethodContext,
    MethodSigContext,
    Plugin,
)
from mypy.types import CallableType, Type

from tilecheck_mypy import names
from tilecheck_mypy.creation import narrow_creation
from tilecheck_mypy.launch import check_launch
from tilecheck_mypy.scopes import AliasCache
from tilecheck_mypy.shared_store import (
    add_writes,
    report_store,
    report_unsafe_write,
    widen_unsafe_target,
)


class TilecheckPlugin(Plugin):
    def __init__(self, options: Options) -> None:
        super().__init__(options)
        self._aliases = AliasCache()

    def get_method_hook(self, fullname: str) -> Callable[[MethodContext], Type] | None:
        if fullname == names.KERNEL_CALL:
            return partial(check_launch, aliases=self._aliases)
        if fullname in (names.SHARED_STORE, names.SHARED_SETITEM):
            return report_store
        if fullname in names.UNSAFE_WRITES:
            return partial(report_unsafe_write, function=fullname.rpartition(".")[2])
        return None

    def get_method_signature_hook(
        self, fullname: str
    ) -> Callable[[MethodSigContext], CallableType] | None:
        if fullname in names.UNSAFE_WRITES:
            return widen_unsafe_target
        return None

    def get_function_hook(self, fullname: str) -> Callable[[FunctionContext], Type] | None:
        if fullname in names.CREATION_FUNCTIONS:
            return narrow_creation
        return None

    def get_base_class_hook(self, fullname: str) -> Callable[[ClassDefContext], None] | None:
        if fullname == names.SHARED_BASE:
            return add_writes
        return None
