"""The issue's headline names for rows the sweeps measure under longer names: ``gemm-vs-cublas``
and ``gemm-vs-raw-cutile`` are the f16 8192 GEMM's rows, repeated under the short name."""

from __future__ import annotations

from typing import Any

HEADLINES = {
    "gemm-vs-cublas": "gemm-vs-cublas-f16-8192",
    "gemm-vs-raw-cutile": "gemm-vs-raw-cutile-f16-8192",
}


def add_headlines(results: list[dict[str, Any]]) -> None:
    """Append a copy of each measured source row under its headline name (once)."""
    names = {row["name"] for row in results}
    for short, source in HEADLINES.items():
        row = next((r for r in results if r["name"] == source), None)
        if row is not None and short not in names:
            results.append({**row, "name": short})
