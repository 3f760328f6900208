"""The tools users reach for: ``tr.testing.do_bench``, ``python -m tilert cache list|clear``,
the ``tilert`` logger and NVTX ranges, on the interpreter."""

from __future__ import annotations

import logging
import sys
import types
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32
from tilert.__main__ import main
from tilert._core import nvtx
from tilert.testing import do_bench


@pytest.fixture(autouse=True)
def setup(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TILERT_BACKEND", "interpret")
    monkeypatch.setenv("TILERT_CACHE_DIR", str(tmp_path / "tilert"))
    monkeypatch.setenv("CUDA_TILE_CACHE_DIR", str(tmp_path / "cutile"))
    tr.backends.current.cache_clear()


@tr.kernel
def double(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) * 2.0)


def _tensors() -> tuple[Tensor[Any], Tensor[Any]]:
    return tr.zeros((256,), dtype=f32), tr.from_numpy(np.arange(256, dtype=np.float32))


def test_do_bench_times_an_op_each_run_and_runs_it() -> None:
    z, x = _tensors()
    made: list[tr.Op] = []

    def fn() -> tr.Op:
        made.append(double(z.partition((64,)), x))
        return made[-1]

    ms = do_bench(fn, warmup=1, rep=2)
    assert isinstance(ms, float) and ms > 0
    assert len(made) >= 5 + 1 + 1  # the estimate's five, at least one warmup and one timed
    # (every run was waited on: reading the output raises no BorrowError)
    np.testing.assert_array_equal(z.to_numpy(), np.arange(256, dtype=np.float32) * 2)


def test_do_bench_quantiles_and_return_modes() -> None:
    z, x = _tensors()

    def fn() -> tr.Pending:
        return double(z.partition((64,)), x).submit()  # a Pending works as well as an Op

    low, mid, high = do_bench(fn, rep=2, quantiles=[0.0, 0.5, 1.0])  # type: ignore[misc]
    assert low <= mid <= high
    runs = do_bench(fn, rep=2, return_mode="all")
    assert isinstance(runs, list) and all(t > 0 for t in runs)
    fastest = do_bench(lambda: None, rep=1, return_mode="min")  # work run by fn itself
    assert isinstance(fastest, float) and fastest >= 0


def test_do_bench_refuses_what_it_cannot_time() -> None:
    with pytest.raises(TypeError, match=r"returns the op to time .* got int"):
        do_bench(lambda: 3)
    with pytest.raises(ValueError, match="return_mode is min, max, mean, median or all"):
        do_bench(lambda: None, return_mode="average")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"quantiles lie in \[0, 1\]"):
        do_bench(lambda: None, quantiles=[50])


def test_do_bench_is_tr_testing() -> None:
    assert tr.testing.do_bench is do_bench


def test_cache_list_and_clear(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "tilert" / "autotune" / "m.f.json"
    kept.parent.mkdir(parents=True)
    kept.write_text("{}\n")
    assert main(["cache", "list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == ["compiled", "autotune", "cutile"]
    assert "1 files" in lines[1] and str(kept.parent) in lines[1]
    assert main(["cache", "clear", "autotune"]) == 0
    assert "removed 1 files (3 B)" in capsys.readouterr().out
    assert not kept.parent.exists()
    assert main(["cache", "clear"]) == 0  # nothing there: nothing to remove, no error


def test_cache_names_are_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cache", "clear", "cubins"]) == 2
    assert "no cache named cubins (the caches: autotune, compiled, cutile)" in (
        capsys.readouterr().err
    )
    assert main(["cache"]) == 2  # the action is required


def test_cutile_cache_switched_off(monkeypatch: pytest.MonkeyPatch) -> None:
    from tilert.caches import caches

    monkeypatch.setenv("CUDA_TILE_CACHE_DIR", "off")
    assert [c.name for c in caches()] == ["compiled", "autotune"]


def test_autotune_choice_is_logged(caplog: pytest.LogCaptureFixture) -> None:
    @tr.autotune(configs=[tr.Config(tile=64), tr.Config(tile=3)], key=["x"], rep=1)
    def doubled(cfg: tr.Config, z: Tensor[Any], x: Tensor[Any]) -> tr.Op:
        return double(z.partition((cfg.tile,)), x)

    z, x = _tensors()
    with caplog.at_level(logging.DEBUG, logger="tilert"):
        doubled(z, x).sync()
        doubled(tr.zeros((256,), dtype=f32), x).sync()  # the same key: no tuning, no message
    infos = [r.getMessage() for r in caplog.records if r.levelno == logging.INFO]
    assert len(infos) == 1
    assert "chose Config(tile=64)" in infos[0] and "of 2 configs, 1 failed" in infos[0]
    debugs = [r.getMessage() for r in caplog.records if r.levelno == logging.DEBUG]
    assert any("Config(tile=3)" in m and "power of two" in m for m in debugs)


def test_nvtx_ranges_name_each_launch(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    fake = types.ModuleType("nvtx")
    fake.push_range = lambda name: calls.append(f"push {name}")  # type: ignore[attr-defined]
    fake.pop_range = lambda: calls.append("pop")  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "nvtx", fake)
    monkeypatch.setattr(nvtx, "ENABLED", True)
    monkeypatch.setattr(nvtx, "_looked", False)
    z, x = _tensors()
    double(z.partition((64,)), x).sync()
    assert calls == ["push double", "pop"]


def test_nvtx_without_a_binding_warns_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "nvtx", None)  # importing it fails
    monkeypatch.setitem(sys.modules, "torch.cuda.nvtx", None)
    monkeypatch.setattr(nvtx, "ENABLED", True)
    monkeypatch.setattr(nvtx, "_looked", False)
    z, x = _tensors()
    with pytest.warns(UserWarning, match="TILERT_NVTX is set but no NVTX binding"):
        double(z.partition((64,)), x).sync()
    double(z.partition((64,)), x).sync()  # (a second warning would fail under -W error)
