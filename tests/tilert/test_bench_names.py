"""benchmarks/bench_names.py: the issue's headline names repeat the measured f16 8192 rows."""

from __future__ import annotations

from tests.support import benchmark

add_headlines = benchmark("bench_names").add_headlines


def row(name: str, ratio: float) -> dict[str, object]:
    return {"name": name, "ours": 1.0, "baseline": 1.0, "unit": "TFLOP/s", "ratio": ratio}


def test_headlines_copy_the_f16_8192_rows_once() -> None:
    results = [row("gemm-vs-cublas-f16-4096", 0.9), row("gemm-vs-cublas-f16-8192", 1.04)]
    results.append(row("gemm-vs-raw-cutile-f16-8192", 1.03))
    add_headlines(results)
    add_headlines(results)
    by_name = {r["name"]: r["ratio"] for r in results}
    assert by_name["gemm-vs-cublas"] == 1.04 and by_name["gemm-vs-raw-cutile"] == 1.03
    assert len(results) == 5


def test_no_headline_without_its_measurement() -> None:
    results = [row("launch-vs-raw-cutile", 0.93)]
    add_headlines(results)
    assert [r["name"] for r in results] == ["launch-vs-raw-cutile"]
