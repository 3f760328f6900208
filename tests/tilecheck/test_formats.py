"""The renderers, on findings built by hand (independent of the rule passes) and a small
catalog of their own (independent of the catalog's wording)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import tilecheck.catalog
from tilecheck import __version__
from tilecheck.catalog.base import Case, Rule
from tilecheck.diagnostics import Diagnostic, Label, Span
from tilecheck.formats import FileSources, Style, full, github, render, sarif, statistics
from tilecheck.rule_docs import rule_url

RULES = {
    "TC102": Rule(
        "TC102",
        "use-in-flight",
        "any use of a tensor that an unreleased op writes",
        "A tensor that an op writes may not be used until the op is released.",
        "host",
        valid=(Case("ok = 1\n"),),
        invalid=(Case("bad = 1\n"),),
    ),
    "TC201": Rule("TC201", "store-to-shared", "any store through a Shared parameter", "", "kernel"),
}

SOURCE = """\
import tilert as tr

def main() -> None:
    pending = scale(y.partition((4,)), 2.0).submit()
    print(x)
    print(y.to_numpy())
    pending.wait()
"""

IN_FLIGHT = Diagnostic(
    "TC102",
    "`y` is used while an op writes it",
    "app.py",
    Span(6, 10, 6, 22),
    labels=(Label(Span(4, 14, 4, 52), "borrowed here by submit"),),
    notes=("wait for `pending` before reading `y`",),
)
STORE = Diagnostic("TC201", "store through Shared parameter `x`", "k.py", Span(3, 4, 3, 11))


@pytest.fixture(autouse=True)
def small_catalog(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tilecheck.catalog, "catalog", lambda: RULES)


def sources(path: str) -> str | None:
    return {"app.py": SOURCE}.get(path)


def test_text_is_one_line_per_finding_with_one_based_column() -> None:
    out = render("text", [IN_FLIGHT, STORE], sources)
    assert out == (
        "app.py:6:11: TC102 [use-in-flight] `y` is used while an op writes it\n"
        "k.py:3:5: TC201 [store-to-shared] store through Shared parameter `x`\n"
    )


def test_full_quotes_primary_and_labelled_spans_like_rustc() -> None:
    out = full.diagnostic(IN_FLIGHT, sources)
    assert out == (
        "error[TC102]: `y` is used while an op writes it\n"
        " --> app.py:6:11\n"
        "  |\n"
        "4 |     pending = scale(y.partition((4,)), 2.0).submit()\n"
        "  |               -------------------------------------- borrowed here by submit\n"
        "...\n"
        "6 |     print(y.to_numpy())\n"
        "  |           ^^^^^^^^^^^^\n"
        "  |\n"
        "  = note: wait for `pending` before reading `y`\n"
        "  = help: any use of a tensor that an unreleased op writes\n"
    )


def test_full_shows_labels_in_other_files_and_survives_missing_sources() -> None:
    other = Diagnostic(
        "TC102",
        "m",
        "app.py",
        Span(5, 4, 5, 9),
        labels=(
            Label(Span(2, 0, 2, 3), "defined here", path="lib.py"),
            Label(Span(9, 0, 9, 1), "gone", path="missing.py"),
        ),
    )
    texts = {"app.py": SOURCE, "lib.py": "a = 1\nabc = 2\n"}
    out = full.diagnostic(other, texts.get)
    assert "\n ::: lib.py:2:1\n" in out
    assert "2 | abc = 2\n  | --- defined here\n" in out
    assert "5 |     print(x)\n  |     ^^^^^\n" in out
    assert "= note: gone at missing.py:9:1\n" in out


def test_full_marks_multiline_spans_to_the_end_of_their_first_line_and_expands_tabs() -> None:
    d = Diagnostic("TC201", "m", "t.py", Span(1, 1, 3, 0))
    out = full.diagnostic(d, lambda _: "\tz.store(\n  t,\n)\n")
    assert "1 |     z.store(\n  |     ^^^^^^^^\n" in out


def test_full_writes_a_label_on_the_primary_span_on_the_caret_line() -> None:
    d = Diagnostic(
        "TC102", "m", "app.py", Span(5, 10, 5, 11), labels=(Label(Span(5, 10, 5, 11), "used here"),)
    )
    assert "5 |     print(x)\n  |           ^ used here\n  |\n" in full.diagnostic(d, sources)


def test_full_without_source_still_names_the_place() -> None:
    out = render("full", [STORE], lambda _: None)
    assert out.startswith("error[TC201]: store through Shared parameter `x`\n --> k.py:3:5\n")


def test_json_fields_and_one_based_positions() -> None:
    (item,) = json.loads(render("json", [IN_FLIGHT], sources))
    assert item == {
        "code": "TC102",
        "slug": "use-in-flight",
        "message": "`y` is used while an op writes it",
        "path": "app.py",
        "line": 6,
        "column": 11,
        "end_line": 6,
        "end_column": 23,
        "labels": [
            {
                "message": "borrowed here by submit",
                "path": "app.py",
                "line": 4,
                "column": 15,
                "end_line": 4,
                "end_column": 53,
            }
        ],
        "notes": ["wait for `pending` before reading `y`"],
    }
    assert json.loads(render("json", [], sources)) == []


def _region(location: dict[str, Any]) -> dict[str, Any]:
    region: dict[str, Any] = location["physicalLocation"]["region"]
    return region


def test_sarif_is_structurally_valid_2_1_0(tmp_path: Path) -> None:
    inside = Diagnostic(
        "TC102",
        "m",
        str(tmp_path / "pkg" / "my app.py"),
        Span(6, 10, 6, 22),
        labels=(Label(Span(4, 14, 4, 52), "borrowed here by submit"),),
    )
    doc = sarif.document([inside, STORE], base=tmp_path)
    json.dumps(doc)  # serializable
    assert doc["version"] == "2.1.0" and "sarif-2.1.0" in doc["$schema"]
    (run,) = doc["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "tilecheck" and driver["version"] == __version__
    rule_ids = [r["id"] for r in driver["rules"]]
    assert rule_ids == ["TC102", "TC201"]
    first = driver["rules"][0]
    assert first["name"] == "use-in-flight"
    assert first["shortDescription"]["text"] == RULES["TC102"].summary
    assert first["fullDescription"]["text"].startswith("A tensor that an op writes")
    if rule_url("TC102") is None:  # no documentation address published: no links, no guess
        assert "helpUri" not in first and "informationUri" not in driver
    else:
        assert first["helpUri"] == rule_url("TC102")
        assert first["help"]["markdown"].endswith(f"[TC102]({rule_url('TC102')})")
    assert first["help"]["markdown"].startswith(first["fullDescription"]["text"])
    assert first["properties"] == {"tags": ["correctness", "host"], "precision": "high"}
    assert run["originalUriBaseIds"]["%SRCROOT%"]["uri"] == tmp_path.as_uri() + "/"
    result = run["results"][0]
    assert result["ruleId"] == "TC102" and result["level"] == "error"
    assert rule_ids[result["ruleIndex"]] == "TC102"
    assert result["message"]["text"] == "m"
    artifact = result["locations"][0]["physicalLocation"]["artifactLocation"]
    assert artifact == {"uri": "pkg/my%20app.py", "uriBaseId": "%SRCROOT%"}
    assert _region(result["locations"][0]) == {
        "startLine": 6,
        "startColumn": 11,
        "endLine": 6,
        "endColumn": 23,
    }
    (related,) = result["relatedLocations"]
    assert related["message"]["text"] == "borrowed here by submit"
    assert _region(related)["startColumn"] == 15
    for res in run["results"]:
        assert set(res) >= {"ruleId", "level", "message", "locations", "partialFingerprints"}
        (fingerprint,) = res["partialFingerprints"].values()
        assert re.fullmatch(r"[0-9a-f]{64}", fingerprint)
        for loc in res["locations"]:
            region = _region(loc)
            assert region["startLine"] >= 1 and region["startColumn"] >= 1


def test_sarif_outside_the_base_uses_absolute_file_uris(tmp_path: Path) -> None:
    d = Diagnostic("TC201", "m", "/elsewhere/k.py", Span(1, 0, 1, 1))
    doc = sarif.document([d], base=tmp_path / "project")
    location = doc["runs"][0]["results"][0]["locations"][0]["physicalLocation"]
    assert location["artifactLocation"] == {"uri": "file:///elsewhere/k.py"}


def test_github_annotations_escape_properties_and_data() -> None:
    d = Diagnostic("TC201", "50% of x,\nthen y", "dir,1/k:a.py", Span(3, 4, 3, 11), notes=("n",))
    assert github.line(d) == (
        "::error file=dir%2C1/k%3Aa.py,line=3,col=5,endLine=3,endColumn=12,"
        "title=TC201 [store-to-shared]::50%25 of x,%0Athen y%0Anote: n"
    )


def test_statistics_counts_per_code_most_frequent_first() -> None:
    found = [STORE, IN_FLIGHT, IN_FLIGHT]
    assert statistics.counts(found) == [("TC102", 2), ("TC201", 1)]
    assert statistics.render(found) == "2\tTC102\t[use-in-flight]\n1\tTC201\t[store-to-shared]\n"
    assert json.loads(statistics.render(found, "json")) == [
        {"code": "TC102", "slug": "use-in-flight", "count": 2},
        {"code": "TC201", "slug": "store-to-shared", "count": 1},
    ]


def test_file_sources_honor_coding_cookies_and_overrides(tmp_path: Path) -> None:
    path = tmp_path / "latin.py"
    path.write_bytes(b"# -*- coding: latin-1 -*-\nname = '\xe9'\n")
    read = FileSources({"buffer.py": "unsaved\n"})
    assert read(str(path)) == "# -*- coding: latin-1 -*-\nname = 'é'\n"
    assert read("buffer.py") == "unsaved\n"
    assert read(str(tmp_path / "absent.py")) is None


def _fingerprints(diagnostics: list[Diagnostic], texts: dict[str, str]) -> list[str]:
    doc = sarif.document(diagnostics, base=Path.cwd(), sources=texts.get)
    return [r["partialFingerprints"]["tilecheck/v1"] for r in doc["runs"][0]["results"]]


def test_sarif_fingerprints_follow_the_line_not_its_number() -> None:
    """A finding keeps its fingerprint when lines above it come and go (GitHub then keeps the
    alert), and two findings on identical lines differ by their order."""
    before = {"app.py": SOURCE}
    after = {"app.py": "# a new first line\n\n" + SOURCE.replace("    print", "        print")}
    moved = Diagnostic("TC102", "m", "app.py", Span(8, 14, 8, 26))
    assert _fingerprints([IN_FLIGHT], before) == _fingerprints([moved], after)
    other_code = Diagnostic("TC201", "m", "app.py", IN_FLIGHT.span)
    twice = [IN_FLIGHT, Diagnostic("TC102", "n", "app.py", Span(6, 0, 6, 1))]
    first, second = _fingerprints(twice, before)  # one line, one code: told apart by order
    assert len({first, second, *_fingerprints([other_code], before)}) == 3
    assert _fingerprints([STORE], {}) == _fingerprints([STORE], {})  # no source: the message


def test_colour_is_ansi_in_text_and_full_and_the_same_text_without() -> None:
    coloured = render("text", [IN_FLIGHT], sources, Style(color=True))
    assert coloured == (
        "\x1b[1mapp.py\x1b[0m\x1b[36m:\x1b[0m6\x1b[36m:\x1b[0m11\x1b[36m:\x1b[0m "
        "\x1b[1;31mTC102\x1b[0m [use-in-flight] `y` is used while an op writes it\n"
    )
    ansi = re.compile(r"\x1b\[[0-9;]*m")
    assert ansi.sub("", coloured) == render("text", [IN_FLIGHT], sources)
    full_coloured = render("full", [IN_FLIGHT], sources, Style(color=True))
    assert "\x1b[1;31merror[TC102]\x1b[0m" in full_coloured
    assert ansi.sub("", full_coloured) == render("full", [IN_FLIGHT], sources)
    for machine in ("json", "sarif", "github"):  # read by tools: never coloured
        assert not ansi.search(render(machine, [IN_FLIGHT], sources, Style(color=True)))
