"""``python -m tilert doctor`` runs anywhere; on a machine without a GPU it says so and picks
the interpreter; a CUDA_HOME older than tileiras is explained."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tilert import doctor

ROOT = Path(__file__).resolve().parent.parent


def test_doctor_cli_reports_backend_and_gpu() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-m", "tilert", "doctor"],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=True,
    ).stdout
    assert "backend" in out and "gpu" in out and "cuda.tile" in out and "tileiras" in out


def test_doctor_usage_error() -> None:
    from tilert.__main__ import main

    assert main(["nonsense"]) == 2


def _fake_tool(directory: Path, name: str, output: str) -> None:
    tool = directory / name
    tool.write_text(f"#!/bin/sh\necho '{output}'\n")
    tool.chmod(tool.stat().st_mode | stat.S_IEXEC)


def test_no_gpu_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))  # no nvidia-smi, no tileiras
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
