"""SARIF 2.1.0, for GitHub code scanning and other SARIF viewers. Artifact URIs are relative to
the working directory (``%SRCROOT%``); columns count Unicode code points, 1-based."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from urllib.parse import quote

from tilecheck.diagnostics import Diagnostic, Span
from tilecheck.formats.sources import SourceProvider

SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"


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

    return [
        {
            "id": rule.code,
            "name": rule.slug,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule.explanation.strip() or rule.summary},
            "help": {"text": rule.explanation.strip() or rule.summary},
            "defaultConfiguration": {"level": "error"},
        }
        for rule in catalog().values()
    ]


def _result(d: Diagnostic, index: dict[str, int], base: Path) -> dict[str, Any]:
    text = "\n".join([d.message, *(f"note: {n}" for n in d.notes)])
    result: dict[str, Any] = {
        "ruleId": d.code,
        "level": "error",
        "message": {"text": text},
        "locations": [_location(d.path, d.span, base)],
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


def document(diagnostics: Sequence[Diagnostic], base: Path | None = None) -> dict[str, Any]:
    from tilecheck import __version__

    root = Path(os.path.abspath(base or Path.cwd()))
    rules = _rules()
    index = {rule["id"]: i for i, rule in enumerate(rules)}
    return {
        "$schema": SCHEMA,
        "version": "2.1.0",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "tilecheck",
                        "version": __version__,
                        "rules": rules,
                    }
                },
                "originalUriBaseIds": {SRCROOT: {"uri": root.as_uri() + "/"}},
                "columnKind": "unicodeCodePoints",
                "results": [_result(d, index, root) for d in diagnostics],
            }
        ],
    }


def render(diagnostics: Sequence[Diagnostic], sources: SourceProvider) -> str:
    return json.dumps(document(diagnostics), indent=2) + "\n"
