"""TC204 for the kernel language's own names (``tilecheck.kernel.lang_usage``): a ``tl`` name
that ``tilert.lang`` does not have, a ``tl`` call whose arguments its function does not take,
in every spelling that reaches the language, and nothing where the call is fine or cannot be
counted."""

from __future__ import annotations

import textwrap

import pytest

from tests.support.dict_resolver import STANDARD, DictResolver
from tests.tilecheck.test_kernel_rules import check
from tilecheck.kernel.lang_signature import call_problem, signature

HEADER = """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32
"""


def body(lines: str, *, header: str = HEADER, unsafe: bool = False) -> str:
    """A kernel whose body is ``lines`` (``t`` is its tile), line 9 the first of them."""
    decorator = "@tr.kernel(unsafe=True)" if unsafe else "@tr.kernel"
    text = textwrap.indent(textwrap.dedent(lines).strip("\n"), "    ")
    return (
        f"{header}\n\n{decorator}\ndef k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:"
        f"\n    t = z.load()\n{text}\n    z.store(t)\n"
    )


def messages(source: str) -> list[str]:
    return [d.message for d in check(source) if d.code == "TC204"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("t = tl.exq(t)", "`tl.exq` is not part of tilert.lang; did you mean `tl.exp`?"),
        ("t = tl.ones(z.tile_shape, tl.f32)", "`tl.ones` is not part of tilert.lang"),
        ("t = t + tl.zeros(z.tile_shape, tl.f23)", "`tl.f23` is not part of tilert.lang; did"),
        ("t = tl.zeros(z.tile_shape, tl.F32)", "did you mean `tl.f32`?"),
        ("t = tl.exp(t, t)", "`tl.exp` takes 1 positional argument, got 2 (signature: `tl.exp(x)`"),
        ("t = tl.exp()", "`tl.exp` takes 1 positional argument, got 0"),
        ("t = tl.arange()", "`tl.arange` takes 1 or 2 positional arguments, got 0"),
        ("t = tl.load_tile_like(x, z, None, 3, 4)", "takes 2 to 4 positional arguments, got 5"),
        ("tl.printf()", "`tl.printf` takes at least 1 positional argument, got 0"),
        ("t = tl.full(z.tile_shape, 0.0)", "`tl.full` takes 3 positional arguments, got 2"),
        (
            "t = tl.full(z.tile_shape, 0.0, dtpye=tl.f32)",
            "`tl.full` has no keyword `dtpye`; did you mean `dtype`? (signature: "
            "`tl.full(shape, value, dtype)`)",
        ),
        ("t = tl.full(z.tile_shape, dtype=tl.f32)", "`tl.full` is missing `value`"),
        ("t = tl.sum(t, 0, axis=0)", "`tl.sum` got `axis` twice, by position and by keyword"),
        ("t = tl.sum(t, axis=0, keepdim=True)", "did you mean `keepdims`?"),
        (
            "t = tr.lang.exq(t)",
            "`tr.lang.exq` is not part of tilert.lang; did you mean `tr.lang.exp`",
        ),
    ],
)
def test_each_mistake_is_one_finding_that_says_what_is_wrong(line: str, message: str) -> None:
    found = [d for d in check(body(line))]
    assert [d.code for d in found] == ["TC204"], [d.message for d in found]
    assert message in found[0].message
    assert found[0].span.line == 9


def test_an_unknown_name_is_reported_on_the_name_and_a_bad_call_on_the_call() -> None:
    source = body("t = t + tl.exq(t)\nt = t + tl.exp(t, t)")
    spans = [(d.span.line, d.span.column, d.span.end_column) for d in check(source)]
    assert spans == [(9, 12, 18), (10, 12, 24)]


def test_every_spelling_that_reaches_the_language_is_checked() -> None:
    header = HEADER + "import tilert\nfrom tilert.lang import exp, exp as e, exq, unsafe as raw\n"
    source = body(
        "t = exp(t, t)\nt = e(t, t)\nt = exq(t)\nt = tilert.lang.sum(t, keepdim=True)",
        header=header,
    )
    assert messages(source) == [
        "`exp` takes 1 positional argument, got 2 (signature: `exp(x)`)",
        "`e` (`tl.exp`) takes 1 positional argument, got 2 (signature: `tl.exp(x)`)",
        "`exq` is not part of tilert.lang; did you mean `exp`?",
        "`tilert.lang.sum` has no keyword `keepdim`; did you mean `keepdims`? (signature: "
        "`tilert.lang.sum(t, axis=..., keepdims=...)`)",
    ]


def test_an_alias_at_module_level_is_checked_alike() -> None:
    source = body("t = expo(t, 2.0)", header=HEADER + "expo = tl.exp\n")
    assert messages(source) == [
        "`expo` (`tl.exp`) takes 1 positional argument, got 2 (signature: `tl.exp(x)`)"
    ]


def test_the_unsafe_namespace_is_checked_too() -> None:
    source = body("tl.unsafe.stor(z, (0,), t)\ntl.unsafe.store(z, (0,))", unsafe=True)
    assert messages(source) == [
        "`tl.unsafe.stor` is not part of tilert.lang.unsafe; did you mean `tl.unsafe.store`?",
        "`tl.unsafe.store` takes 3 positional arguments, got 2 (signature: "
        "`tl.unsafe.store(target, index, tile)`)",
    ]


def test_a_dtype_tilert_lacks_is_reported_with_the_closest_one() -> None:
    """``tl.f8e4m3`` (cuTile has only the ``fn`` variant) is not a dtype of tilert.lang."""
    found = messages(body("t = tl.astype(t, tl.f8e4m3)\nt = tl.astype(t, tl.bf16)"))
    assert found == ["`tl.f8e4m3` is not part of tilert.lang; did you mean `tl.f8e4m3fn`?"]


def test_a_name_referenced_without_a_call_is_reported_once() -> None:
    found = check(body("dt = tl.flaot32\nt = tl.astype(t, dt)"))
    assert [(d.code, d.span.line) for d in found] == [("TC204", 9)]


@pytest.mark.parametrize(
    "lines",
    [
        "t = tl.exp(x=t)",
        "t = tl.sum(t, axis=0, keepdims=True) + tl.max(t, 0, True)",
        "t = tl.load_tile_like(x, z, latency=3) + tl.arange(4, dtype=tl.i32)",
        'tl.printf("%d %d", 1, 2)',
        "t = tl.full(shape=z.tile_shape, value=1.0, dtype=tl.f32)",
        "t = tl.where(t > 0.0, t, tl.zeros(z.tile_shape, tl.f32))",
    ],
)
def test_calls_the_language_takes_are_fine(lines: str) -> None:
    assert check(body(lines)) == []


def test_a_call_with_star_arguments_is_not_counted() -> None:
    found = check(body("args = (t, t)\nt = tl.exp(*args)\nt = tl.full(**{})"))
    assert [d.message.split(" ")[0] for d in found] == ["`*`", "`**`"]  # the walk's own


def test_a_local_named_like_the_module_is_not_the_language() -> None:
    assert check(body("tl = z\nt = tl.exq(t, t, t)")) == []


def test_a_resolver_that_cannot_tell_says_nothing() -> None:
    names = {head: meaning for head, meaning in STANDARD.items() if head != "tl"}
    assert check(body("t = tl.exq(t, t)"), DictResolver(names)) == []


# -- the arity rules alone --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "positional", "keywords", "problem"),
    [
        ("a, /, b", 1, ["a"], "`f` has no keyword `a`"),
        ("a, *, b", 2, [], "`f` takes 1 positional argument, got 2"),
        ("a, *, b", 1, [], "`f` is missing `b`"),
        ("a, *, b=", 1, ["b"], None),
        ("a, **extra", 1, ["anything"], None),
        ("a, b, c", 0, ["c"], "`f` is missing `a` and `b`"),
        ("*args", 5, [], None),
    ],
)
def test_call_problem(spec: str, positional: int, keywords: list[str], problem: str | None) -> None:
    assert call_problem(signature(spec), "`f`", positional, keywords) == problem
