"""tilecheck's table of the kernel language (``tilecheck.kernel.lang_api``) is true to
``tilert.lang``, and a ``tl`` name that does not exist, or a ``tl`` call with arguments its
function does not take, is refused when the kernel is decorated rather than at its launch."""

# These tests call what tilert.lang does not have on purpose, to see the runtime refuse it.
# tilecheck: ignore-file[TC204]

from __future__ import annotations

import inspect
import re
from typing import Any

import pytest

import tilert as tr
import tilert.lang as tl
from tests.support import lines_in
from tilecheck.kernel.lang_api import FUNCTIONS, NAMESPACES, OTHER_NAMES, UNSAFE_FUNCTIONS
from tilecheck.kernel.lang_signature import LangSignature, Parameter, signature
from tilecheck.names import LANG, LANG_UNSAFE
from tilert import Mutable, Shared, Tensor, f32
from tilert._core.validation import GlobalsResolver, canonical_name
from tilert.lang import exp as natural_exp

line_of = lines_in(__file__)


def described(sig: inspect.Signature) -> LangSignature:
    """A real signature as the table describes one: names, defaults, how each is passed."""
    kind = inspect.Parameter
    parameters = tuple(
        Parameter(
            p.name,
            required=p.default is kind.empty,
            positional=p.kind in (kind.POSITIONAL_ONLY, kind.POSITIONAL_OR_KEYWORD),
            keyword=p.kind in (kind.POSITIONAL_OR_KEYWORD, kind.KEYWORD_ONLY),
        )
        for p in sig.parameters.values()
        if p.kind not in (kind.VAR_POSITIONAL, kind.VAR_KEYWORD)
    )
    star = [p.name for p in sig.parameters.values() if p.kind is kind.VAR_POSITIONAL]
    stars = [p.name for p in sig.parameters.values() if p.kind is kind.VAR_KEYWORD]
    return LangSignature(parameters, star[0] if star else None, stars[0] if stars else None)


# -- the table is the language ---------------------------------------------------------------


def test_every_public_name_of_tilert_lang_is_in_the_table_and_nothing_else() -> None:
    assert set(FUNCTIONS).isdisjoint(OTHER_NAMES)
    assert set(tl.__all__) == set(FUNCTIONS) | OTHER_NAMES
    assert NAMESPACES[LANG][1] == set(tl.__all__)


@pytest.mark.parametrize("name", sorted(tl.__all__))
def test_each_function_takes_what_the_table_says(name: str) -> None:
    obj = getattr(tl, name)
    if inspect.isclass(obj):  # a dtype, an annotation, the unsafe namespace: never called
        assert name in OTHER_NAMES
        return
    assert name in FUNCTIONS, f"tl.{name} is callable: give it its signature in lang_api"
    assert FUNCTIONS[name] == described(inspect.signature(obj)), (
        f"tl.{name}{inspect.signature(obj)} but the table says ({FUNCTIONS[name]})"
    )


def test_the_unsafe_namespace_is_in_the_table() -> None:
    public = {name for name in vars(tl.unsafe) if not name.startswith("_")}
    assert public == set(UNSAFE_FUNCTIONS) == NAMESPACES[LANG_UNSAFE][1]
    for name in public:
        real = described(inspect.signature(getattr(tl.unsafe, name)))
        assert UNSAFE_FUNCTIONS[name] == real, name


def _every_kind(
    a: int, /, b: int, c: int = 0, *rest: int, d: int, e: int = 0, **extra: int
) -> None:
    """Every kind of parameter, for the table's notation."""


def _keyword_only(a: int, *, b: int) -> None:
    """A bare ``*``."""


@pytest.mark.parametrize(
    ("fn", "spec"),
    [
        (_every_kind, "a, /, b, c=, *rest, d, e=, **extra"),
        (_keyword_only, "a, *, b"),
        (tl.printf, "fmt, *args"),
        (tl.sum, "t, axis=, keepdims="),
    ],
)
def test_the_table_notation_reads_and_writes_every_kind_of_parameter(fn: Any, spec: str) -> None:
    assert signature(spec) == described(inspect.signature(fn))
    assert str(signature(spec)) == spec


# -- the runtime resolves a missing name to the name the kernel means ------------------------


def test_a_name_the_language_lacks_resolves_to_its_language_name() -> None:
    resolver = GlobalsResolver({"tl": tl, "tr": tr})
    assert resolver.resolve("tl.exq") == "tilert.lang.exq"
    assert resolver.resolve("tl.exq.real") == "tilert.lang.exq.real"
    assert resolver.resolve("tr.lang.exq") == "tilert.lang.exq"
    assert resolver.resolve("tl.unsafe.stor") == "tilert.lang.unsafe.stor"


def test_names_that_mean_nothing_elsewhere_still_mean_nothing() -> None:
    import numpy as np

    resolver = GlobalsResolver({"tl": tl, "tr": tr, "np": np})
    for dotted in ("tr.zeroz", "np.nothing", "nothing", "nothing.at_all", "tl.exp.attribute"):
        assert resolver.resolve(dotted) is None, dotted


@pytest.mark.parametrize("name", sorted(tl.__all__))
def test_names_the_language_has_resolve_as_before(name: str) -> None:
    resolver = GlobalsResolver({"tl": tl})
    assert resolver.resolve(f"tl.{name}") == canonical_name(getattr(tl, name))


# -- decoration refuses them, at their line ---------------------------------------------------


def _refused(kernel: Any) -> str:
    with pytest.raises(tr.KernelError) as info:
        tr.kernel(kernel)
    assert [d.code for d in info.value.diagnostics] == ["TC204"]  # type: ignore[attr-defined]
    return str(info.value)


def test_a_name_tilert_lang_lacks_is_refused_at_decoration() -> None:
    def bad(z: Mutable[Tensor[f32]]) -> None:
        z.store(tl.exq(z.load()))  # type: ignore[attr-defined]  # marker: exq

    message = _refused(bad)
    line = line_of("marker: exq")
    assert re.search(rf":{line}:\d+: TC204 \[unsupported-construct\]", message), message
    assert "`tl.exq` is not part of tilert.lang; did you mean `tl.exp`?" in message


def test_a_call_with_too_many_arguments_is_refused_at_decoration() -> None:
    def bad(z: Mutable[Tensor[f32]]) -> None:
        t = z.load()
        z.store(tl.exp(t, t))  # type: ignore[call-arg]  # marker: arity

    message = _refused(bad)
    assert re.search(rf":{line_of('marker: arity')}:\d+: TC204", message), message
    assert "`tl.exp` takes 1 positional argument, got 2" in message


def test_a_keyword_the_function_lacks_is_refused_at_decoration() -> None:
    def bad(z: Mutable[Tensor[f32]]) -> None:
        z.store(tl.full(z.tile_shape, 0.0, dtpye=tl.f32))  # type: ignore[call-arg]

    assert "`tl.full` has no keyword `dtpye`; did you mean `dtype`?" in _refused(bad)


def test_a_call_through_an_imported_alias_is_checked_alike() -> None:
    def bad(z: Mutable[Tensor[f32]]) -> None:
        t = z.load()
        z.store(natural_exp(t, t))  # type: ignore[call-arg]

    assert "`natural_exp` (`tl.exp`) takes 1 positional argument, got 2" in _refused(bad)


def test_a_missing_unsafe_op_is_refused_in_an_unsafe_kernel() -> None:
    with pytest.raises(tr.KernelError, match=r"`tl\.unsafe\.stor` is not part of"):

        @tr.kernel(unsafe=True)
        def bad(z: Mutable[Tensor[f32]]) -> None:
            tl.unsafe.stor(z, (0,), z.load())  # type: ignore[attr-defined]


def test_calls_the_language_takes_still_decorate_and_run() -> None:
    @tr.kernel
    def fine(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
        t = tl.load_tile_like(x, z, latency=3)
        total = tl.sum(t, axis=0, keepdims=True)
        z.store(tl.maximum(t, total * 0.0) + tl.zeros(z.tile_shape, dtype=tl.f32))

    z = tr.zeros((8,))
    fine(z.partition((4,)), tr.ones((8,))).sync()
    assert z.to_numpy().tolist() == [1.0] * 8
