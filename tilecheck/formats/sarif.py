"""SARIF 2.1.0, for GitHub code scanning and other SARIF viewers. Artifact URIs are relative to
the working directory (``%SRCROOT%``); columns count Unicode code points, 1-based.

What GitHub shows beyond the result: the tool's ``informationUri``, each rule's ``helpUri``
(``tilecheck.rule_docs``: ``rules.md#tc102``), ``help`` in markdown, and ``properties`` (tags:
``correctness`` and the rule's scope; ``precision``: very-high for the file rules, which are
exact, high for the ownership rules, which a held-out evaluation found wrong once in 54 correct
programs: benchmarks/checker_eval).
Each result's ``partialFingerprints`` (``tilecheck/v1``) hashes the rule, the file and the
text of the finding's first line with its whitespace dropped, plus how many identical ones came
before, so an alert keeps its identity when lines above it are added or removed."""

from __future__ import annotations

import hashlib
import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.formats.sources import FileSources, SourceProvider

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT = "tilecheck/v1"
_PRECISION = {"file": "very-high"}  # others: "high"


def _uri(path: str, base: Path) -> str:
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(base)
    except ValueError:
        return absolute.as_uri()
    return quote(relative.as_posix())


def _location(path: str, span: Span, base: Path) -> dict[str, Any]:
    uri = _uri(path, base)
    artifact: dict[str, Any] = {"uri": uri}
    if not uri.startswith("file:"):
        artifact["uriBaseId"] = SRCROOT
    return {
        "physicalLocation": {
            "artifactLocation": artifact,
            "region": {
                "startLine": span.line,
                "startColumn": span.column + 1,
                "endLine": span.end_line,
                "endColumn": span.end_column + 1,
            },
        }
    }


def _rules() -> list[dict[str, Any]]:
    from tilecheck.catalog import catalog
    from tilecheck.rule_docs import rule_url

    rules = []
    for rule in catalog().values():
        explanation = rule.explanation.strip() or rule.summary
        url = rule_url(rule.code)
        entry: dict[str, Any] = {
            "id": rule.code,
            "name": rule.slug,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": explanation},
            "help": {"text": explanation, "markdown": explanation},
            "defaultConfiguration": {"level": "error"},
            "properties": {
                "tags": ["correctness", rule.scope],
                "precision": _PRECISION.get(rule.scope, "high"),
            },
        }
        if url is not None:
            entry["help"]["markdown"] = f"{explanation}\n\n[{rule.code}]({url})"
            entry["helpUri"] = url
        rules.append(entry)
    return rules


def _driver(rules: list[dict[str, Any]]) -> dict[str, Any]:
    """The tool: its name, version, rules, and its home page where one is published."""
    from tilecheck import __version__
    from tilecheck.rule_docs import project_url

    driver: dict[str, Any] = {"name": "tilecheck", "version": __version__, "rules": rules}
    home = project_url()
    if home is not None:
        driver["informationUri"] = home
    return driver


class _Fingerprints:
    """``partialFingerprints`` values: each file's lines read once, identical keys counted."""

    def __init__(self, sources: SourceProvider) -> None:
        self.sources = sources
        self.lines: dict[str, list[str]] = {}
        self.seen: Counter[str] = Counter()

    def __call__(self, d: Diagnostic, uri: str) -> str:
        if d.path not in self.lines:
            text = self.sources(d.path)
            self.lines[d.path] = text.splitlines() if text is not None else []
        lines = self.lines[d.path]
        line = lines[d.span.line - 1] if 0 < d.span.line <= len(lines) else d.message
        key = "\0".join([d.code, uri, "".join(line.split())])
        self.seen[key] += 1
        return hashlib.sha256(f"{key}\0{self.seen[key]}".encode()).hexdigest()


def _result(
    d: Diagnostic, index: dict[str, int], base: Path, fingerprint: _Fingerprints
) -> dict[str, Any]:
    text = "\n".join([d.message, *(f"note: {n}" for n in d.notes)])
    location = _location(d.path, d.span, base)
    uri = location["physicalLocation"]["artifactLocation"]["uri"]
    result: dict[str, Any] = {
        "ruleId": d.code,
        "level": "error",
        "message": {"text": text},
        "locations": [location],
        "partialFingerprints": {FINGERPRINT: fingerprint(d, uri)},
    }
    if d.code in index:
        result["ruleIndex"] = index[d.code]
    if d.labels:
        result["relatedLocations"] = [
            {
                "id": i,
                **_location(label.path or d.path, label.span, base),
                "message": {"text": label.message},
            }
            for i, label in enumerate(d.labels)
        ]
    return result


def document(
    diagnostics: Sequence[Diagnostic],
    base: Path | None = None,
    sources: SourceProvider | None = None,
) -> dict[str, Any]:

    root = Path(os.path.abspath(base or Path.cwd()))
    rules = _rules()
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    fingerprint = _Fingerprints(sources or FileSources())
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": _driver(rules)},
                "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": [_result(d, index, root, fingerprint) for d in diagnostics],
            }
        ],
    }


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider) -> str:
    return json.dumps(document(diagnostics, sources=sources), indent=2) + "\n"
