"""Examples of round 32D of issue 17 (records by any constructor, ``tilecheck.host.records``):
``dict(z=a, x=b)``, ``dict({"z": a}, x=b)`` and a call of the module's ``TypedDict`` class are
the display ``{"z": a, "x": b}`` (its cells read by key, spread by ``**``), an annotated display
``args: Args = {...}`` is spread as a plain one is, and ``ns = types.SimpleNamespace(out=a)`` is
an object whose attribute ``out`` holds ``a``. The VALID ones run clean and must stay silent;
the INVALID ones are real errors (the interpreter raises at the marked line)."""

from __future__ import annotations

from tilecheck.catalog.base import Case
from tilecheck.catalog.fresh_silences import _invalid as invalid
from tilecheck.catalog.fresh_silences import _valid as valid

_KEYWORDS = """
from typing import Any


def main() -> None:
    out = tr.ones((32,))
    kw: dict[str, Any] = dict(z={z}, a=2.0)
    scale(**kw).sync(){mark}
    print(out.to_numpy())
"""

_TYPED = """
from typing import TypedDict


class Launch(TypedDict):
    z: tr.Partition[f32]
    x: Tensor[f32]


def main() -> None:
    out = tr.ones((32,))
    {build}
    copy(la["z"], la["x"]).sync(){mark}
    print(out.to_numpy())
"""

_SPREAD = """
import typing


class Args(typing.TypedDict, total=False):
    z: tr.Partition[f32]
    x: Tensor[f32]


def main() -> None:
    out = tr.ones((32,))
    {build}
    copy(**args).sync()
    {again}
"""

_MERGED = """
from typing import Any


def main() -> None:
    out = tr.ones((32,))
    kw: dict[str, Any] = dict({{"z": out.partition((8,))}}, x=tr.ones((32,)))
    h = copy(**kw).submit()
    {first}
    {second}
"""

_NAMESPACE = """
import types


def main() -> None:
    st = types.SimpleNamespace(buf=tr.ones((16,)), src=tr.ones((16,)))
    st.plan = st.buf.partition((8,))
    {first}
    {second}
"""

_NAMESPACE_LOOP = """
from types import SimpleNamespace


def main() -> None:
    out = tr.ones((16,))
    cfg = SimpleNamespace({field}, x=tr.ones((16,)))
    for _ in range(2):
        copy({plan}, cfg.x).sync(){mark}
"""

VALID: dict[str, tuple[Case, ...]] = {
    "TC106": (
        valid(
            _KEYWORDS.format(z="out.partition((8,))", mark=""),
            "`dict(z=...)` holding a partition, spread into the launch",
        ),
        valid(
            _TYPED.format(build="la = Launch(z=out.partition((8,)), x=tr.ones((32,)))", mark=""),
            "a `TypedDict` built by its call holds a partition, read by key",
        ),
    ),
    "TC109": (
        valid(
            _SPREAD.format(
                build='args: Args = {"z": out.partition((8,)), "x": tr.ones((32,))}',
                again="print(out.to_numpy())",
            ),
            "an annotated `TypedDict` display spread once",
        ),
        valid(
            _NAMESPACE_LOOP.format(field="out=out", plan="cfg.out.partition((8,))", mark=""),
            "a namespace holding the tensor: a new partition per launch",
        ),
    ),
    "TC102": (
        valid(
            _MERGED.format(first="h.wait()", second="print(out.to_numpy())"),
            "`dict({...}, x=...)` spread, waited before the output is read",
        ),
    ),
    "TC104": (
        valid(
            _NAMESPACE.format(
                first="copy(st.plan, st.src).sync()", second="print(st.buf.to_numpy())"
            ),
            "a namespace's partition consumed before its tensor is read",
        ),
    ),
}

INVALID: dict[str, tuple[Case, ...]] = {
    "TC106": (
        invalid(
            _KEYWORDS.format(z="out", mark="  # TC106"),
            "`dict(z=out)` spread into the launch passes the tensor, not a partition",
            typed=False,
        ),
        invalid(
            _TYPED.format(
                build="la = Launch(z=out, x=tr.ones((32,)))  # type: ignore", mark="  # TC106"
            ),
            "a `TypedDict` built by its call holds the tensor: passed as the Mutable output",
            typed=False,
        ),
    ),
    "TC109": (
        invalid(
            _SPREAD.format(
                build='args: Args = {"z": out.partition((8,)), "x": tr.ones((32,))}',
                again="copy(**args).sync()  # TC109",
            ),
            "an annotated `TypedDict` display spread twice: its partition is spent",
        ),
        invalid(
            _NAMESPACE_LOOP.format(
                field="plan=out.partition((8,))", plan="cfg.plan", mark="  # TC109"
            ),
            "a namespace built with a partition, launched on every turn: spent at the second",
        ),
    ),
    "TC102": (
        invalid(
            _MERGED.format(first="print(out.to_numpy())  # TC102", second="h.wait()"),
            "`dict({...}, x=...)` spread: the output read before the wait",
        ),
    ),
    "TC104": (
        invalid(
            _NAMESPACE.format(
                first="print(st.buf.to_numpy())  # TC104", second="copy(st.plan, st.src).sync()"
            ),
            "a namespace's tensor read while the partition stored beside it is alive",
        ),
    ),
}
