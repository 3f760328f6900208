"""The row kernels of benchmarks/gpu_bench_rows.py (softmax, RMSNorm over tiles of whole rows)
give numpy's result under the interpreter and lower to cuTile source, as the benchmark runs
them on the GPU."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import tilert as tr
from tests.support import benchmark

bench = benchmark("gpu_bench_rows")

pytestmark = pytest.mark.usefixtures("interpreter")


@pytest.mark.parametrize(("rows", "width"), [(64, 256), (8, 4096)])
def test_softmax_rows(rows: int, width: int) -> None:
    xs = np.random.default_rng(0).standard_normal((rows, width)).astype(np.float32)
    out = tr.empty((rows, width))
    bench.softmax_rows(out.partition((4, width)), tr.from_numpy(xs)).sync()
    e = np.exp(xs - xs.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out.to_numpy(), e / e.sum(axis=1, keepdims=True), rtol=1e-5)


def test_rmsnorm_rows() -> None:
    rows, width = 32, 512
    rng = np.random.default_rng(1)
    xs = rng.standard_normal((rows, width)).astype(np.float32)
    ws = (rng.random((1, width)) + 0.5).astype(np.float32)
    out = tr.empty((rows, width))
    part = out.partition((4, width))
    bench.rmsnorm_rows(part, tr.from_numpy(xs), tr.from_numpy(ws), bench.EPS).sync()
    expected = xs / np.sqrt((xs * xs).mean(axis=1, keepdims=True) + bench.EPS) * ws
    np.testing.assert_allclose(out.to_numpy(), expected, rtol=1e-5, atol=1e-6)


def test_both_lower_to_cutile() -> None:
    for kernel in (bench.softmax_rows, bench.rmsnorm_rows):
        source = kernel.lower({"out": (4, 1024)})
        compile(source, kernel.name, "exec")
        assert "ct.sum(" in source


def test_the_tuned_launches_choose_a_config_and_compute_the_same(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path))
    xs = np.random.default_rng(2).standard_normal((16, 128)).astype(np.float32)
    x, out = tr.from_numpy(xs), tr.empty((16, 128))
    bench.softmax(out, x).sync()
    assert bench.softmax.best_config(out, x) in bench.CONFIGS
    e = np.exp(xs - xs.max(axis=1, keepdims=True))
    np.testing.assert_allclose(out.to_numpy(), e / e.sum(axis=1, keepdims=True), rtol=1e-5)


def test_a_record_is_named_by_date_gpu_and_kind(tmp_path: Path) -> None:
    record = benchmark("bench_record")
    doc = {"device": "NVIDIA H100 80GB HBM3", "date": "2026-11-26", "comparisons": []}
    path = record.write(tmp_path / "out", doc, doc["device"], "kernels")
    assert path == tmp_path / "out" / "2026-11-26-h100-80gb-hbm3-kernels.json"
    assert path.read_text() == json.dumps(doc, indent=2) + "\n"
    assert record.write(tmp_path, doc, "NVIDIA H200").name == "2026-11-26-h200.json"
