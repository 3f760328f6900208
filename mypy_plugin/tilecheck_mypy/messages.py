"""Error messages: the specific problem, then the rule's one-line summary from tilecheck's
catalog (read when the first message is built, so both tools always say the same)."""

from __future__ import annotations

from functools import cache

from tilecheck.catalog import catalog
from tilecheck.codes import MUTABLE_ALIAS, STORE_TO_SHARED, WRONG_ARGUMENT_KIND


@cache
def summary(code: str) -> str:
    """The catalog's summary of rule ``code`` (one wording for the CLI, the LSP and mypy)."""
    return catalog()[code].summary


def with_rule(code: str, detail: str) -> str:
    return f"{detail} ({code}: {summary(code)})"


def quoted(name: str) -> str:
    return f'"{name}"'


# -- TC101 -------------------------------------------------------------------------------------
def mutable_alias(shown: str | None, kernel: str, mutable: str, again: str) -> str:
    what = f"Tensor {quoted(shown)}" if shown else "A tensor"
    return with_rule(
        MUTABLE_ALIAS,
        f"{what} is passed to kernel {quoted(kernel)} as Mutable {quoted(mutable)} and again as "
        f"{quoted(again)} in the same launch",
    )


# -- TC106 -------------------------------------------------------------------------------------
def _parameter(name: str, kernel: str) -> str:
    return f"Parameter {quoted(name)} of kernel {quoted(kernel)}"


def tensor_to_mutable(name: str, kernel: str, shown: str | None) -> str:
    example = f"{shown}.partition(tile_shape)" if shown else "t.partition(tile_shape)"
    return with_rule(
        WRONG_ARGUMENT_KIND,
        f"{_parameter(name, kernel)} is Mutable: pass a partition of the tensor ({example}), "
        "not the tensor",
    )


def partition_to_shared(name: str, kernel: str) -> str:
    return with_rule(
        WRONG_ARGUMENT_KIND,
        f"{_parameter(name, kernel)} is Shared (read-only): pass the tensor itself, not a "
        "partition of it",
    )


def tensor_to_scalar(name: str, kernel: str) -> str:
    return with_rule(WRONG_ARGUMENT_KIND, f"{_parameter(name, kernel)} is a scalar, not a tensor")


def wrong_kind(name: str, kernel: str, kind: str, expected: str, got: str) -> str:
    return with_rule(
        WRONG_ARGUMENT_KIND, f"{_parameter(name, kernel)} is {kind}: expected {expected}, got {got}"
    )


def too_many_positional(kernel: str, takes: int, given: int) -> str:
    plural = "" if takes == 1 else "s"
    return with_rule(
        WRONG_ARGUMENT_KIND,
        f"Kernel {quoted(kernel)} takes {takes} positional argument{plural} but {given} were given",
    )


def unknown_keyword(kernel: str, name: str) -> str:
    return with_rule(
        WRONG_ARGUMENT_KIND, f"Kernel {quoted(kernel)} has no parameter {quoted(name)}"
    )


def duplicate_value(kernel: str, name: str) -> str:
    return with_rule(
        WRONG_ARGUMENT_KIND, f"Kernel {quoted(kernel)} got two values for parameter {quoted(name)}"
    )


def missing_arguments(kernel: str, names: list[str]) -> str:
    listed = ", ".join(quoted(n) for n in names)
    return with_rule(
        WRONG_ARGUMENT_KIND, f"Kernel {quoted(kernel)} is missing an argument for {listed}"
    )


# -- TC201 -------------------------------------------------------------------------------------
def store_to_shared(shown: str | None) -> str:
    what = quoted(shown) if shown else "This parameter"
    return with_rule(
        STORE_TO_SHARED,
        f"{what} is Shared (read-only); store only through a Mutable parameter, e.g. "
        "out.store(tile) with out: Mutable[Tensor[...]]",
    )


def unsafe_write_to_shared(shown: str | None, function: str) -> str:
    what = quoted(shown) if shown else "The target"
    return with_rule(
        STORE_TO_SHARED,
        f"{what} is Shared (read-only): tl.unsafe.{function} cannot write it either; write only "
        "into a Mutable parameter",
    )


# -- dtypes (checked by the runtime at launch; no catalog rule) --------------------------------
def dtype_mismatch(name: str, kernel: str, expected: str, got: str) -> str:
    return (
        f"{_parameter(name, kernel)} expects {expected} elements, got {got} (convert with an "
        f"astype kernel or create it with dtype={expected})"
    )


# -- anything else that does not fit a scalar parameter: mypy's own wording --------------------
def incompatible_argument(position: int, kernel: str, got: str, expected: str) -> str:
    return (
        f"Argument {position} to {quoted(kernel)} has incompatible type {got}; expected {expected}"
    )
