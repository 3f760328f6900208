"""The kernel rules TC201-TC206 through their public API (``tilecheck.kernel``): every
VALID and INVALID example of the catalog, then resolvers, signatures, positions and the
runtime's entry point case by case."""

from __future__ import annotations

import importlib.util
import textwrap
from pathlib import Path
from types import ModuleType

import libcst as cst
import pytest
from libcst.metadata import MetadataWrapper, PositionProvider

import tilert as tr
from tests.support.catalog import case_id, cases, rules_of
from tests.support.dict_resolver import DictResolver
from tilecheck.catalog import Case, Rule, catalog
from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.kernel import (
    ImportResolver,
    check_kernel,
    check_kernel_source,
    is_kernel_decorated,
    parse_signature,
    signature_of,
)
from tilecheck.kernel.launches import launches_in
from tilecheck.kernel_signature import ParamKind
from tilecheck.names import DEVICE_FUNCTION, NameResolver
from tilecheck.positions import PositionLookup

KERNEL_CODES = [f"TC2{i:02}" for i in range(1, 12)]
# The rules on inferred tile types: not at decoration (the runtime runs them at the first launch
# of each signature, with the real shapes).
TILE_TYPE_CODES = frozenset({"TC207", "TC208", "TC209", "TC210", "TC211"})
RULES = rules_of("kernel")
FILE_RULES = rules_of("file")
HEADER = """\
import tilert as tr
import tilert.lang as tl
from tilert import Const, Mutable, Shared, Tensor, f32
"""


def check(source: str, resolver: NameResolver | None = None) -> list[Diagnostic]:
    """The findings of every kernel and helper at the top level of a module or of its classes,
    as the static checker runs them: one ImportResolver and one lazy PositionLookup for the
    whole module."""
    module = cst.parse_module(source)
    names = resolver if resolver is not None else ImportResolver(module)
    positions = PositionLookup(module)
    launches = launches_in(module, names)
    found: list[Diagnostic] = []
    members = [s.body.body for s in module.body if isinstance(s, cst.ClassDef)]
    for stmt in (*module.body, *(m for body in members for m in body)):
        if isinstance(stmt, cst.FunctionDef) and is_kernel_decorated(stmt, names):
            found.extend(
                check_kernel(stmt, names, path="case.py", positions=positions, launches=launches)
            )
    return found


def kernel(body: str) -> str:
    return HEADER + "\n\n" + textwrap.dedent(body).strip("\n") + "\n"


def codes_and_lines(source: str) -> list[tuple[str, int]]:
    return sorted((d.code, d.span.line) for d in check(source))


def only(source: str, code: str) -> Diagnostic:
    found = check(source)
    assert [d.code for d in found] == [code], [(d.code, d.message) for d in found]
    return found[0]


# -- the catalog ------------------------------------------------------------------------------


def test_the_catalog_has_each_kernel_rule_with_three_examples_of_each_kind() -> None:
    assert [r.code for r in RULES] == KERNEL_CODES
    for rule in RULES:
        assert rule.scope == "kernel"
        assert catalog()[rule.code] is rule
        assert len(rule.valid) >= 3 and len(rule.invalid) >= 3, rule.code
        assert rule.slug and rule.summary and len(rule.explanation.split("\n\n")) >= 3
        for case in rule.invalid:
            assert any(code == rule.code for code, _ in case.expect), case.code


def test_the_file_rules_are_in_the_catalog() -> None:
    assert [r.code for r in FILE_RULES] == ["TC001", "TC002"]
    assert [r.slug for r in FILE_RULES] == ["parse-error", "unused-suppression"]
    for rule in FILE_RULES:
        assert rule.scope == "file" and catalog()[rule.code] is rule
        assert len(rule.valid) >= 3 and len(rule.invalid) >= 3
        assert len(rule.explanation.split("\n\n")) >= 3
    for case in FILE_RULES[0].invalid:  # TC001's examples really do not parse
        with pytest.raises(cst.ParserSyntaxError):
            cst.parse_module(case.code)


@pytest.mark.parametrize("item", cases("kernel", "valid"), ids=case_id)
def test_valid_example_reports_nothing(item: tuple[Rule, int, Case]) -> None:
    _, _, case = item
    assert check(case.code) == [], case.note


@pytest.mark.parametrize("item", cases("kernel", "invalid"), ids=case_id)
def test_invalid_example_reports_exactly_its_findings(item: tuple[Rule, int, Case]) -> None:
    _, _, case = item
    assert codes_and_lines(case.code) == sorted(case.expect), case.note


@pytest.mark.parametrize("item", cases("kernel", "valid") + cases("kernel", "invalid"), ids=case_id)
def test_the_runtime_decorating_an_example_finds_the_same(
    item: tuple[Rule, int, Case], tmp_path: Path
) -> None:
    """The runtime runs the same rules at decoration with names resolved from the module's
    globals: every example, imported, is refused with exactly its findings (or accepted);
    the tile-type rules excepted, which the runtime checks when the kernel runs."""
    rule, index, case = item
    found: list[tuple[str, int]] = []
    try:
        _import(case, tmp_path / f"case_{rule.code}_{index}.py")
    except tr.KernelError as error:
        found = [(d.code, d.span.line) for d in error.diagnostics]  # type: ignore[attr-defined]
    expected = [e for e in case.expect if e[0] not in TILE_TYPE_CODES]
    assert sorted(found) == sorted(expected), case.note


def _import(case: Case, path: Path) -> ModuleType:
    path.write_text(case.code)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_RUNNABLE = [
    item
    for item in cases("kernel", "valid") + cases("kernel", "invalid")
    if item[0].code in TILE_TYPE_CODES and "\ndef main() -> None:" in item[2].code
]


@pytest.mark.parametrize("item", _RUNNABLE, ids=case_id)
def test_the_interpreter_agrees_with_a_tile_type_example(
    item: tuple[Rule, int, Case], tmp_path: Path
) -> None:
    """Each example that launches its kernel, run: a VALID one runs, an INVALID one is refused
    at the call (the runtime runs the same rules with the launch's shapes, at the first launch
    of each signature), with the example's findings: also a load outside the tensor (TC210) or
    in the tiles of a larger one (TC211), which the GPU would run, reading zeros."""
    rule, index, case = item
    main = _import(case, tmp_path / f"run_{rule.code}_{index}.py").main
    if case.expect:
        with pytest.raises(tr.KernelError, match="cannot run the launch at") as info:
            main()
        found = [(d.code, d.span.line) for d in info.value.diagnostics]  # type: ignore[attr-defined]
        assert sorted(found) == sorted(case.expect), case.note
    else:
        main()


# -- TC207-TC210: tile types ------------------------------------------------------------------

HALF = """
@tr.kernel
def half(z: Mutable[Tensor[f16]], x: Shared[Tensor[f32]]) -> None:
    z.store(x.load_tile((64, 32), z.index))
"""


def test_a_mismatch_a_launch_shows_names_the_shapes_and_the_launch() -> None:
    source = kernel(
        HALF
        + """

def main() -> None:
    x = tr.ones((256, 256), dtype=f32)
    z = tr.zeros((256, 256), dtype=tr.f16)
    half(z.partition((64, 64)), x).sync()
"""
    ).replace("from tilert import Const,", "from tilert import f16, Const,")
    found = only(source, "TC207")
    assert "stores a tile of shape (64, 32) f32 into a partition tile of (64, 64) f16" in (
        found.message
    )
    ((label_span, label),) = [(lab.span, lab.message) for lab in found.labels]
    assert (
        label_span.line
        == source.splitlines().index("    half(z.partition((64, 64)), x).sync()") + 1
    )
    assert label == (
        "launched here with `z`: Partition of Tensor[f16, (256, 256)] in tiles (64, 64), "
        "`x`: Tensor[f32, (256, 256)]"
    )


@pytest.mark.parametrize(
    "launcher",
    [
        # the partition bound twice: which one the launch passes is not known
        """
def main(flag: bool) -> None:
    x = tr.ones((256, 256), dtype=f32)
    z = tr.zeros((256, 256), dtype=tr.f16)
    p = z.partition((64, 64))
    if flag:
        p = z.partition((64, 32))
    half(p, x).sync()
""",
        # a closure's variable: the nested function may run after it is rebound
        """
def main() -> None:
    z = tr.zeros((256, 256), dtype=tr.f16)
    p = z.partition((64, 64))

    def go(x):
        half(p, x).sync()

    go(tr.ones((256, 256), dtype=f32))
""",
        # another object named like the kernel in the launching scope
        """
def main(half) -> None:
    z = tr.zeros((256, 256), dtype=tr.f16)
    half(z.partition((64, 64)), tr.ones((256, 256), dtype=f32)).sync()
""",
        # a tile shape computed at run time
        """
def main(n: int) -> None:
    z = tr.zeros((256, 256), dtype=tr.f16)
    half(z.partition((64, n)), tr.ones((256, 256), dtype=f32)).sync()
""",
        # a module-level partition some function rebinds through `global`
        """
z = tr.zeros((256, 256), dtype=tr.f16)
p = z.partition((64, 64))


def again() -> None:
    global p
    p = z.partition((64, 32))


half(p, tr.ones((256, 256), dtype=f32)).sync()
""",
    ],
)
def test_a_launch_whose_arguments_are_not_certain_says_nothing(launcher: str) -> None:
    source = kernel(HALF + launcher).replace(
        "from tilert import Const,", "from tilert import f16, Const,"
    )
    assert [d.code for d in check(source) if d.code in TILE_TYPE_CODES] == []


# -- TC201 / TC202: stores --------------------------------------------------------------------


def test_store_to_shared_names_the_parameter_and_labels_its_declaration() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                x.store(z.load())
            """
        ),
        "TC201",
    )
    assert "`x` is Shared (read-only)" in found.message and "Mutable" in found.message
    assert found.span.line == 8 and found.span.column == 4
    assert [(label.span.line, label.message) for label in found.labels] == [
        (7, "`x` declared Shared here")
    ]


def test_an_alias_that_may_be_a_shared_parameter_is_not_stored_through() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], flag: bool) -> None:
            w = z
            if flag:
                w = x
            w.store(z.load())
        """
    )
    found = only(source, "TC201")
    assert "`w` may be the Shared (read-only) parameter `x`" in found.message


def test_a_reassigned_shared_name_is_no_longer_known_to_be_shared() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
            x = z
            x.store(z.load())
        """
    )
    assert check(source) == []


def test_attribute_assignment_through_shared_is_a_store_to_shared() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                x.data = z.load()
            """
        ),
        "TC201",
    )
    assert "`x.data = ...`" in found.message


def test_item_assignment_into_a_tile_is_unsupported() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]]) -> None:
                t = z.load()
                t[0] = 1.0
                z.store(t)
            """
        ),
        "TC204",
    )
    assert "immutable" in found.message


def test_load_at_another_blocks_tile_is_reported() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]]) -> None:
                right = z.load(at=(z.index[0] + 1,))
                z.store(right)
            """
        ),
        "TC202",
    )
    assert "reading it races" in found.message and found.span.line == 8


def test_index_rebound_outside_the_tiles_loop_is_not_owned() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            for idx in z.tiles():
                z.store(z.load(at=idx), at=idx)
            idx = (0,)
            z.store(z.load(), at=idx)
        """
    )
    assert codes_and_lines(source) == [("TC202", 9), ("TC202", 9), ("TC202", 11)]


def test_store_of_a_rank_four_constant_tile_is_reported() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]]) -> None:
                t = tl.zeros((2, 2, 2, 2), f32)
                z.store(t * 2.0)
            """
        ),
        "TC202",
    )
    assert "rank 4" in found.message


def test_stores_with_one_constant_shape_and_one_unknown_are_fine() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], flag: bool) -> None:
            if flag:
                z.store(tl.zeros((64,), f32))
            else:
                z.store(z.load())
        """
    )
    assert check(source) == []


# -- TC203 / TC204: what a kernel may use ----------------------------------------------------


def test_calls_to_unknown_names_are_not_reported() -> None:
    source = kernel(
        """
        from .helpers import double


        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            z.store(double(later_defined(z.load())))
        """
    )
    assert check(source) == []


def test_an_authoritative_resolver_reports_a_plain_function_from_elsewhere() -> None:
    source = textwrap.dedent(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            z.store(helper(z.load()) + fused(z.load()))
        """
    )
    names = {**DictResolver().names, "helper": "mymod.helper", "fused": DEVICE_FUNCTION}
    assert check(source, DictResolver(names)) == []
    found = check(source, DictResolver(names, authoritative=True))
    assert [(d.code, d.span.line) for d in found] == [("TC204", 4)]
    assert "`helper` (mymod.helper) is not device code" in found[0].message


def test_host_api_and_numpy_in_a_kernel() -> None:
    source = kernel(
        """
        import numpy as np


        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            z.store(tr.zeros((64,)) + np.exp(z.load()))
        """
    )
    found = check(source)
    assert [d.code for d in found] == ["TC204", "TC204"]
    assert "inside a kernel use `tl.zeros`" in found[0].message
    assert "numpy.exp" in found[1].message


def test_recursion_and_nested_definitions_are_reported_once_where_written() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], n: int) -> None:
            def inner(t):
                return [t for _ in range(2)]
            if n > 0:
                k(z, n - 1)
            z.store(z.load())
        """
    )
    assert codes_and_lines(source) == [("TC204", 8), ("TC204", 11)]


@pytest.mark.parametrize(
    ("statement", "word", "line"),
    [
        ("with tl.printf('x'):\n    pass", "`with`", 9),
        ("for k in range(2):\n    pass\nelse:\n    pass", "`for ... else`", 11),
        ("global G", "`global`", 9),
        ("import math", "import", 9),
        ("del t", "`del`", 9),
        ("raise ValueError('no')", "`raise`", 9),
        ("t = (yield t)", "`yield`", 9),
        ("u = {k: t for k in range(2)}", "dict comprehension", 9),
        ("if t:\n    z.store(*[t])", "`*` arguments", 10),
    ],
)
def test_each_unsupported_statement_is_reported(statement: str, word: str, line: int) -> None:
    body = textwrap.indent(statement, "    ")
    source = (
        HEADER
        + "\n\n@tr.kernel\ndef k(z: Mutable[Tensor[f32]]) -> None:\n    t = z.load()\n"
        + body
        + "\n"
    )
    found = only(source, "TC204")
    assert word in found.message, found.message
    assert found.span.line == line


def test_for_over_shared_tiles_is_reported() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                for idx in x.tiles():
                    z.store(z.load())
            """
        ),
        "TC204",
    )
    assert "`x` is not a Mutable parameter" in found.message


def test_a_helper_may_return_a_value_and_a_kernel_may_not() -> None:
    source = kernel(
        """
        @tr.function
        def twice(t: tl.Tile[f32]) -> tl.Tile[f32]:
            return t * 2.0


        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            return twice(z.load())
        """
    )
    assert codes_and_lines(source) == [("TC204", 13)]


def test_unsafe_kernel_may_use_unsafe_ops_but_not_write_shared() -> None:
    source = kernel(
        """
        @tr.kernel(unsafe=True)
        def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
            tl.unsafe.store(z, (0,), z.load())
            tl.unsafe.store(x, (0,), z.load())
        """
    )
    assert codes_and_lines(source) == [("TC201", 9)]


def test_unsafe_op_in_a_safe_kernel_that_writes_shared_is_two_findings() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
            tl.unsafe.store(x, (0,), z.load())
        """
    )
    assert codes_and_lines(source) == [("TC201", 8), ("TC203", 8)]


# -- TC205 ------------------------------------------------------------------------------------


def test_bad_tile_shape_lists_every_bad_dimension_once() -> None:
    found = only(
        kernel(
            """
            @tr.kernel
            def k(z: Mutable[Tensor[f32]]) -> None:
                z.store(tl.full((96, 64, -4), 1.0, f32))
            """
        ),
        "TC205",
    )
    assert "96, -4" in found.message and "positive power of two" in found.message
    assert found.span.column == len("    z.store(tl.full((")


def test_shape_given_by_keyword_and_as_a_bare_integer() -> None:
    source = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            a = tl.zeros(shape=(1 << 5) + 1, dtype=f32)
            b = tl.broadcast_to(a, shape=(2 ** 6, 33))
            z.store(tl.sum(b))
        """
    )
    assert codes_and_lines(source) == [("TC205", 8), ("TC205", 9)]


# -- TC206 and the signature ------------------------------------------------------------------


def test_parse_signature_reads_kinds_dtypes_options_and_spans() -> None:
    source = kernel(
        """
        @tr.kernel(unsafe=True, occupancy=2)
        def k(z: Mutable[Tensor[f32]], x: "Shared[Tensor[tl.f16]]", a: float, d: tr.i32,
              n: Const[int]) -> None:
            z.store(z.load())
        """
    )
    module = cst.parse_module(source)
    func = module.body[-1]
    assert isinstance(func, cst.FunctionDef)
    resolver = ImportResolver(module)
    signature, findings = parse_signature(
        func, resolver, path="k.py", positions=PositionLookup(module)
    )
    assert findings == []
    assert signature.name == "k" and signature.unsafe and not signature.is_function
    assert [(p.name, p.kind, p.dtype) for p in signature.params] == [
        ("z", ParamKind.MUTABLE, "f32"),
        ("x", ParamKind.SHARED, "f16"),
        ("a", ParamKind.SCALAR, None),
        ("d", ParamKind.SCALAR, "i32"),
        ("n", ParamKind.CONST, None),
    ]
    assert signature.span.line == 7
    assert signature.param("n") is not None and signature.params[4].span.line == 8
    assert signature.params[0].span == Span(7, 6, 7, 7)  # the parameter's name
    assert signature_of(func, resolver).params == tuple(
        p.__class__(p.name, p.kind, p.dtype, Span(p.span.line - 5, *_rest(p.span, 5)))
        for p in signature.params
    )


def _rest(span: Span, lines: int) -> tuple[int, int, int]:
    return span.column, span.end_line - lines, span.end_column


def test_parse_signature_of_a_broken_signature_still_gives_every_parameter_a_kind() -> None:
    source = kernel(
        """
        @tr.function
        def h(t: tl.Tile[f32], z: Mutable[Tensor], *rest, q: Const[str] = 1) -> tl.Tile[f32]:
            return t
        """
    )
    module = cst.parse_module(source)
    func = module.body[-1]
    assert isinstance(func, cst.FunctionDef)
    signature, findings = parse_signature(
        func, ImportResolver(module), path="h.py", positions=PositionLookup(module)
    )
    assert signature.is_function and not signature.unsafe
    assert [p.kind for p in signature.params] == [
        ParamKind.TILE,
        ParamKind.MUTABLE,
        ParamKind.CONST,
    ]
    messages = [d.message for d in findings]
    assert len(messages) == 3 and all(d.code == "TC206" for d in findings)
    assert "name the tensor's dtype" in messages[0]
    assert "cannot take `*rest`" in messages[1]
    assert "Const takes int, float or bool" in messages[2]


@pytest.mark.parametrize(
    ("annotation", "expected"),
    [
        ("Tensor[f32]", "Mutable[Tensor[f32]]"),
        ("Mutable", "needs the tensor and its dtype"),
        ("Shared[Tensor[float]]", "`float` is not a tilert dtype"),
        ("tl.Tile[f32]", "`Tile[...]` parameters are for @tr.function helpers"),
        ("list[int]", "`list[int]` is not a kernel parameter type"),
        ("int | None", "`int | None` is not a kernel parameter type"),
        ("Const", "`Const` needs its type"),
    ],
)
def test_each_bad_annotation_says_what_to_write(annotation: str, expected: str) -> None:
    source = kernel(
        f"""
        @tr.kernel
        def k(z: Mutable[Tensor[f32]], p: {annotation}) -> None:
            z.store(z.load())
        """
    )
    found = only(source, "TC206")
    assert "parameter `p` of kernel `k`" in found.message and expected in found.message


def test_is_kernel_decorated_through_every_spelling() -> None:
    module = cst.parse_module(
        textwrap.dedent(
            """
            import tilert
            import functools
            from tilert import kernel as K, function

            @tilert.kernel
            def a(): ...
            @K(unsafe=True)
            def b(): ...
            @function
            def c(): ...
            @functools.cache
            def d(): ...
            def e(): ...
            """
        )
    )
    resolver = ImportResolver(module)
    kinds = {
        s.name.value: is_kernel_decorated(s, resolver)
        for s in module.body
        if isinstance(s, cst.FunctionDef)
    }
    assert kinds == {"a": "kernel", "b": "kernel", "c": "function", "d": None, "e": None}


# -- ImportResolver -------------------------------------------------------------------------


def test_import_resolver_follows_aliases_and_definitions() -> None:
    module = cst.parse_module(
        textwrap.dedent(
            """
            import numpy as np
            import tilert as t2
            import tilert.lang
            import tilert.lang as L
            from tilert import Mutable as M, f32 as F
            from tilert.lang import exp, Tile
            from tilert.annotations import Shared
            from .kernels import add
            from .. import shared_utils
            try:
                import cupy as cp
            except ImportError:
                cp = None
            try:
                import cupy as xp
            except ImportError:
                import numpy as xp
            if True:
                from tilert import Const
            exp2 = L.exp2

            def plain(x): ...
            class Box: ...

            @helper_decorator
            def wrapped(x): ...

            @t2.function
            def helper(t): ...

            late = t2.kernel(plain)

            def range(n): ...
            """
        )
    )
    r = ImportResolver(module)
    assert r.resolve("np.exp") == "numpy.exp"
    assert r.resolve("t2.zeros") == "tilert.zeros"
    assert r.resolve("tilert.lang.exp") == "tilert.lang.exp"
    assert r.resolve("L.unsafe.store") == "tilert.lang.unsafe.store"
    assert r.resolve("L.f32") == "tilert.f32"
    assert r.resolve("M") == "tilert.Mutable" and r.resolve("F") == "tilert.f32"
    assert r.resolve("exp") == "tilert.lang.exp" and r.resolve("exp2") == "tilert.lang.exp2"
    assert r.resolve("Tile") == "tilert.Tile" and r.resolve("Shared") == "tilert.Shared"
    assert r.resolve("add") == ".kernels.add"
    assert r.resolve("shared_utils.f") == "..shared_utils.f"
    assert r.resolve("cp") == "cupy"  # a None fallback is no other meaning
    assert r.resolve("xp") is None  # bound to two different things
    assert r.resolve("Const") == "tilert.Const"
    assert r.resolve("plain") == "<module>.plain" and r.resolve("Box") == "<module>.Box"
    assert r.resolve("wrapped") is None  # an unknown decorator may return anything
    assert r.resolve("helper") == DEVICE_FUNCTION and r.resolve("late") == DEVICE_FUNCTION
    assert r.resolve("helper.attr") is None
    assert r.resolve("range") == "<module>.range"  # shadowed builtin
    assert r.resolve("len") == "builtins.len"
    assert r.resolve("undefined_name") is None
    assert not r.knows_device_functions


def test_import_resolver_with_a_star_import_does_not_guess() -> None:
    module = cst.parse_module("from tilert.lang import *\n")
    resolver = ImportResolver(module)
    assert resolver.resolve("exp") is None
    assert resolver.resolve("len") is None


def test_configured_kernel_decorators_mark_device_functions() -> None:
    module = cst.parse_module("import mylib\n\n@mylib.jit\ndef h(t): ...\n")
    assert ImportResolver(module).resolve("h") is None
    assert ImportResolver(module, ["mylib.jit"]).resolve("h") == DEVICE_FUNCTION


# -- the runtime's entry point and positions ------------------------------------------------


def test_check_kernel_source_reports_file_lines_and_columns(tmp_path: Path) -> None:
    file_text = HEADER + textwrap.dedent(
        """

        def make():
            @tr.kernel
            def bad(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
                x.store(z.load())

            return bad
        """
    )
    path = tmp_path / "mod.py"
    path.write_text(file_text)
    lines = file_text.splitlines()
    first_line = lines.index("    @tr.kernel") + 1
    source = textwrap.dedent("\n".join(lines[first_line - 1 : first_line + 2]) + "\n")
    found = check_kernel_source(
        source, path=str(path), first_line=first_line, resolver=DictResolver()
    )
    assert [(d.code, d.path, d.span.line, d.span.column) for d in found] == [
        ("TC201", str(path), first_line + 2, 8)
    ]
    assert found[0].labels[0].span.line == first_line + 1


def test_check_kernel_source_without_the_file_keeps_dedented_columns() -> None:
    source = "@tr.kernel\ndef bad(z: Mutable[Tensor[f32]]):\n    print(z)\n"
    found = check_kernel_source(source, path="<not a file>", first_line=40, resolver=DictResolver())
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("TC204", 42, 4)]


def test_check_kernel_source_of_unparsable_or_empty_source_is_quiet() -> None:
    assert check_kernel_source("def (:\n", path="x.py", first_line=1, resolver=DictResolver()) == []
    assert check_kernel_source("x = 1\n", path="x.py", first_line=1, resolver=DictResolver()) == []


def test_a_module_without_kernels_produces_nothing() -> None:
    source = (
        HEADER + "\n\ndef host(n: int) -> float:\n    try:\n        return 1.0 / n\n"
        "    except ZeroDivisionError:\n        return 0.0\n"
    )
    assert check(source) == []


def test_positions_are_computed_only_for_findings() -> None:
    clean = kernel(
        """
        @tr.kernel
        def k(z: Mutable[Tensor[f32]]) -> None:
            z.store(z.load() * 2.0)
        """
    )
    module = cst.parse_module(clean)
    lookup = PositionLookup(module)
    func = module.body[-1]
    assert isinstance(func, cst.FunctionDef)
    assert check_kernel(func, ImportResolver(module), path="k.py", positions=lookup) == []
    assert not lookup.resolved
    lookup.span(func)
    assert lookup.resolved


def test_position_lookup_matches_libcst_and_shifts() -> None:
    source = "x = (1,\n     2)\r\nif x:\n\ty = '''a\nb''' + f'{x!r}'  # c\n"
    module = cst.parse_module(source)
    expected = MetadataWrapper(module, unsafe_skip_copy=True).resolve(PositionProvider)
    lookup = PositionLookup(module)
    shifted = PositionLookup(
        MetadataWrapper(module, unsafe_skip_copy=True), line_offset=9, column_offset=2
    )
    for node, r in expected.items():
        span = Span(r.start.line, r.start.column, r.end.line, r.end.column)
        assert lookup(node) == span
        assert shifted.span(node) == Span(
            span.line + 9, span.column + 2, span.end_line + 9, span.end_column + 2
        )
    assert lookup(cst.Name("elsewhere")) == Span.point(1)
