"""``python -m tilert doctor`` runs anywhere; on a machine without a GPU it says so and picks
the interpreter; a CUDA_HOME older than tileiras is explained."""

from __future__ import annotations

import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support import REPO
from tilert import backends, doctor

ROOT = REPO


def _doctor(backend: str | None) -> subprocess.CompletedProcess[str]:
    """``python -m tilert doctor`` with TILERT_BACKEND=backend (None: unset)."""
    path = os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path}
    env.pop("TILERT_BACKEND", None)
    if backend is not None:
        env["TILERT_BACKEND"] = backend
    return subprocess.run(
        [sys.executable, "-m", "tilert", "doctor"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def test_doctor_cli_reports_backend_and_gpu() -> None:
    done = _doctor(None)
    assert done.returncode == 0, done.stdout + done.stderr
    out = done.stdout
    assert "backend" in out and "gpu" in out and "cuda.tile" in out and "tileiras" in out
    if backends.unavailable_reason("cutile") is not None:  # a CPU machine: the interpreter
        facts = dict(line.split(None, 1) for line in out.splitlines() if line[:1].isalpha())
        assert facts["backend"] == "interpret"
        assert "kernels run on the CPU under the numpy interpreter" in out
    assert "unset TILERT_BACKEND" not in out


def _says_to_fix_the_variable(done: subprocess.CompletedProcess[str], value: str) -> None:
    assert done.returncode == 1, done.stdout + done.stderr
    out = done.stdout
    assert re.search(r"^backend +error: TILERT_BACKEND=", out, re.MULTILINE), out
    fixes = out.split("to fix:")[1]
    assert f"TILERT_BACKEND={value!r} can't be used here" in fixes
    assert "unset TILERT_BACKEND" in fixes and "set it to 'cutile' or 'interpret'" in fixes
    assert "kernels run on the CPU" not in fixes  # they don't: every launch raises


def test_doctor_says_to_fix_a_bogus_backend_and_fails() -> None:
    _says_to_fix_the_variable(_doctor("bogus"), "bogus")


def test_doctor_says_to_fix_an_unusable_cutile_backend_and_fails() -> None:
    if backends.unavailable_reason("cutile") is None:
        pytest.skip("cutile is usable here")
    done = _doctor("cutile")
    _says_to_fix_the_variable(done, "cutile")
    assert "only 'interpret' works on this machine" in done.stdout


def test_an_unusable_backend_makes_the_status_1(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TILERT_BACKEND", "nonsense")
    backends.current.cache_clear()
    try:
        report = doctor.diagnose()
    finally:
        backends.current.cache_clear()
    assert report.status == 1 and "expected 'cutile' or 'interpret'" in str(report.backend_error)
    assert any("unset TILERT_BACKEND" in f for f in report.fixes)
    monkeypatch.setenv("TILERT_BACKEND", "interpret")
    try:
        report = doctor.diagnose()
    finally:
        backends.current.cache_clear()
    assert report.status == 0 and report.backend_error is None
    assert dict(report.facts)["backend"] == "interpret"
    assert not any("unset TILERT_BACKEND" in f for f in report.fixes)


def test_doctor_usage_error() -> None:
    from tilert.__main__ import main

    assert main(["nonsense"]) == 2


def _fake_tool(directory: Path, name: str, output: str) -> None:
    tool = directory / name
    tool.write_text(f"#!/bin/sh\necho '{output}'\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)


def test_no_gpu_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no nvidia-smi, no tileiras
    monkeypatch.delenv("TILERT_BACKEND", raising=False)
    backends.current.cache_clear()
    monkeypatch.delenv("CUDA_HOME", raising=False)
    report = doctor.diagnose()
    facts = dict(report.facts)
    assert facts["gpu"].startswith("no GPU")
    assert facts["tileiras"] == "not found"
    assert any("interpreter" in f for f in report.fixes)


def test_old_cuda_home_is_explained(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    _fake_tool(bin_dir, "tileiras", "Cuda compilation tools, release 13.4, V13.4.48")
    old = tmp_path / "cuda-13.0"
    (old / "bin").mkdir(parents=True)
    _fake_tool(old / "bin", "nvcc", "Cuda compilation tools, release 13.0, V13.0.88")
    monkeypatch.setenv("PATH", f"{bin_dir}:/usr/bin:/bin")
    monkeypatch.setenv("CUDA_HOME", str(old))
    report = doctor.diagnose()
    text = report.render()
    assert "failed to compile Tile IR program" in text
    assert "Unset CUDA_HOME" in text
    assert "(toolkit 13.0)" in text


def test_direct_launches_are_reported_with_how_to_turn_them_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from tilert import _accel

    monkeypatch.setattr(_accel, "active", lambda: True)
    monkeypatch.delenv("TILERT_DIRECT_LAUNCH", raising=False)
    assert doctor._direct_launches().startswith("on (TILERT_DIRECT_LAUNCH=0")
    monkeypatch.setenv("TILERT_DIRECT_LAUNCH", "0")
    assert doctor._direct_launches() == "off (TILERT_DIRECT_LAUNCH=0)"
    monkeypatch.setattr(_accel, "active", lambda: False)
    assert doctor._direct_launches().startswith("off (they are the C launch path's")
