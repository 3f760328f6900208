"""``# tilecheck: ignore`` comments: parsing, silencing, and unused suppressions (TC002)."""

from __future__ import annotations

import sys
import textwrap
import types
from collections.abc import Callable

import libcst as cst
import pytest

from tilecheck.config import Config
from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.engine import check_source
from tilecheck.suppressions import apply_suppressions, parse_suppressions

KNOWN = frozenset({"TC001", "TC002", "TC101", "TC102", "TC105", "TC201"})


def finding(code: str, line: int, column: int = 0) -> Diagnostic:
    return Diagnostic(code, f"{code} here", "m.py", Span(line, column, line, column + 1))


def apply(source: str, *found: Diagnostic) -> list[tuple[str, int, int]]:
    kept = apply_suppressions(found, textwrap.dedent(source), "m.py", KNOWN)
    return sorted((d.code, d.span.line, d.span.column) for d in kept)


def messages(source: str, *found: Diagnostic) -> list[str]:
    kept = apply_suppressions(found, textwrap.dedent(source), "m.py", KNOWN)
    return [d.message for d in kept if d.code == "TC002"]


def test_parses_every_form_with_its_span() -> None:
    source = textwrap.dedent("""\
        a = 1  # tilecheck: ignore[TC102]
        b = 2  # tilecheck: ignore[tc102,  TC105] because the op is waited elsewhere
        c = 3  # tilecheck: ignore
        # tilecheck: ignore-file[TC105]
        d = 4  # noqa: E501  # tilecheck:ignore-file
        """)
    found, malformed = parse_suppressions(source)
    assert malformed == []
    assert [(s.span.line, s.codes, s.file_level) for s in found] == [
        (1, ("TC102",), False),
        (2, ("TC102", "TC105"), False),
        (3, (), False),
        (4, ("TC105",), True),
        (5, (), True),
    ]
    assert found[0].span == Span(1, 7, 1, 33)
    assert found[4].span.column == source.splitlines()[4].index("# tilecheck")


def test_text_inside_strings_is_not_a_suppression() -> None:
    found, malformed = parse_suppressions(
        's = "# tilecheck: ignore"\nt = """\n# tilecheck: x\n"""\n'
    )
    assert found == [] and malformed == []


def test_line_suppression_silences_only_its_codes_on_its_line() -> None:
    source = """\
        x = 1  # tilecheck: ignore[TC102]
        y = 2
        """
    assert apply(source, finding("TC102", 1, 4), finding("TC105", 1), finding("TC102", 2)) == [
        ("TC102", 2, 0),
        ("TC105", 1, 0),
    ]


def test_bare_and_file_level_suppressions() -> None:
    assert apply("x = 1  # tilecheck: ignore\n", finding("TC102", 1), finding("TC201", 1)) == []
    source = """\
        # tilecheck: ignore-file[TC105]
        x = 1
        y = 2
        """
    assert apply(source, finding("TC105", 2), finding("TC105", 3), finding("TC102", 3)) == [
        ("TC102", 3, 0)
    ]
    assert apply("x = 1\n# tilecheck: ignore-file\n", finding("TC102", 1)) == []


def test_unused_suppressions_are_reported_at_the_comment() -> None:
    assert apply("x = 1  # tilecheck: ignore[TC102]\n") == [("TC002", 1, 7)]
    assert messages("x = 1  # tilecheck: ignore[TC102]\n") == [
        "unused suppression `tilecheck: ignore[TC102]`: no TC102 finding on this line"
    ]
    assert messages("x = 1  # tilecheck: ignore\n") == [
        "unused suppression `tilecheck: ignore`: no finding on this line"
    ]
    assert messages("# tilecheck: ignore-file[TC105]\n") == [
        "unused suppression `tilecheck: ignore-file[TC105]`: no TC105 finding in this file"
    ]


def test_partly_used_suppression_names_the_unused_codes() -> None:
    source = "x = 1  # tilecheck: ignore[TC102, TC105, TC999]\n"
    assert messages(source, finding("TC102", 1)) == [
        "unused suppression `tilecheck: ignore[TC102, TC105, TC999]`: "
        "TC999 is not a tilecheck code; no TC105 finding on this line"
    ]


def test_malformed_comments_are_reported() -> None:
    out = messages("x = 1  # tilecheck: ignroe[TC102]\ny = 2  # tilecheck: ignore[nope]\n")
    assert len(out) == 2
    assert all(m.startswith("malformed suppression") for m in out)
    assert "`tilecheck: ignroe[TC102]`" in out[0]


def test_tc002_is_silenced_only_by_naming_it() -> None:
    assert apply("x = 1  # tilecheck: ignore[TC105, TC002]\n") == []
    assert apply("# tilecheck: ignore-file[TC002]\nx = 1  # tilecheck: ignore[TC105]\n") == []
    # a bare ignore does not hide its own unused report
    assert apply("x = 1  # tilecheck: ignore\n") == [("TC002", 1, 7)]


def test_no_marker_means_no_work() -> None:
    found = [finding("TC102", 1)]
    assert apply_suppressions(found, "x = 1\n", "m.py", KNOWN) == found


CheckModule = Callable[..., list[Diagnostic]]


@pytest.fixture
def rule_pass(monkeypatch: pytest.MonkeyPatch) -> Callable[[CheckModule], None]:
    """Stand in for the rule passes with a function of the parsed module."""

    def install(fn: CheckModule) -> None:
        fake = types.ModuleType("tilecheck.module_check")
        fake.check_module = fn  # type: ignore[attr-defined]
        monkeypatch.setitem(sys.modules, "tilecheck.module_check", fake)

    return install


def flag_lines_with(word: str, code: str) -> CheckModule:
    """A rule pass reporting ``code`` on every line that contains ``word``."""

    def check_module(module: cst.Module, *, path: str, **_: object) -> list[Diagnostic]:
        lines = module.code.splitlines()
        return [
            Diagnostic(code, "found", path, Span(n, 0, n, len(text)))
            for n, text in enumerate(lines, start=1)
            if word in text
        ]

    return check_module


def test_check_source_applies_suppressions_then_selection(
    rule_pass: Callable[[CheckModule], None],
) -> None:
    rule_pass(flag_lines_with("use(", "TC102"))
    source = textwrap.dedent("""\
        import tilert as tr
        use(a)  # tilecheck: ignore[TC102]
        use(b)
        c = 1  # tilecheck: ignore[TC102]
        """)
    found = check_source(source, "m.py", Config())
    assert [(d.code, d.span.line) for d in found] == [("TC102", 3), ("TC002", 4)]
    quiet = check_source(source, "m.py", Config(ignore=("TC002",)))
    assert [(d.code, d.span.line) for d in quiet] == [("TC102", 3)]
    # a suppression of a code the config ignores still counts as used
    only_tc0 = check_source(source, "m.py", Config(select=("TC0",)))
    assert [(d.code, d.span.line) for d in only_tc0] == [("TC002", 4)]


def test_noqa_silences_tilecheck_codes_on_its_line() -> None:
    source = """\
        x = 1  # noqa: TC102
        y = 2  # NOQA:TC102,TC105 E501
        z = 3  # explained here # noqa: E501, TC105
        """
    found = [finding("TC102", 1), finding("TC102", 2), finding("TC105", 2), finding("TC105", 3)]
    assert apply(source, *found) == []
    suppressions, malformed = parse_suppressions(textwrap.dedent(source))
    assert malformed == []
    assert [(s.span.line, s.codes, s.noqa) for s in suppressions] == [
        (1, ("TC102",), ("TC102",)),
        (2, ("TC102", "TC105"), ("TC102", "TC105", "E501")),
        (3, ("TC105",), ("E501", "TC105")),
    ]
    assert suppressions[0].span == Span(1, 7, 1, 20)


def test_noqa_leaves_other_tools_codes_and_bare_noqa_alone() -> None:
    """A bare ``# noqa`` (meant for a style check) never hides an ownership finding, other
    tools' codes are theirs (never reported unused), and TC001-TC010 are flake8-type-checking's
    in ruff: tilecheck's TC001/TC002 are silenced only by the tilecheck form."""
    source = """\
        a = 1  # noqa
        b = 2  # noqa: E501
        from x import y  # noqa: TC002, TC003
        c = 4  # noqa: F401 TC001
        """
    found = [finding("TC102", 1), finding("TC102", 2), finding("TC002", 3), finding("TC001", 4)]
    assert apply(source, *found) == [
        ("TC001", 4, 0),
        ("TC002", 3, 0),
        ("TC102", 1, 0),
        ("TC102", 2, 0),
    ]
    assert parse_suppressions(textwrap.dedent(source)) == ([], [])


def test_an_unused_noqa_code_is_tc002_like_an_unused_suppression() -> None:
    source = "x = 1  # noqa: E501, TC105, TC102\n"
    assert messages(source, finding("TC102", 1)) == [
        "unused suppression `noqa: E501, TC105, TC102`: no TC105 finding on this line"
    ]
    assert messages("x = 1  # noqa: TC199\n") == [
        "unused suppression `noqa: TC199`: TC199 is not a tilecheck code"
    ]
    # the two forms side by side: each silences, each is reported if unused
    both = "x = 1  # noqa: TC102  # tilecheck: ignore[TC102, TC105]\n"
    assert apply(both, finding("TC102", 1)) == [("TC002", 1, 22)]
    assert messages("s = '# noqa: TC102'\n") == []  # text in a string is not a comment
