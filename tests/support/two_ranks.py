"""Running a test file's worker as two processes on two GPUs (``python -m
tilert.distributed.run -n 2``), for the distributed GPU tests: the cases each rank passed come
back in its output as ``rank R: ok CASE``."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.support import REPO


def two_gpus_missing() -> str | None:
    """None when two GPUs, torch and NCCL are here, else why not."""
    try:
        import torch
        import torch.distributed as td
    except ImportError:
        return "torch is not installed"
    if torch.cuda.device_count() < 2:
        return f"{torch.cuda.device_count()} GPU(s): two are needed"
    if not td.is_nccl_available():
        return "torch has no NCCL"
    return None


def run_two_ranks(script: Path, cases: Sequence[str], **env: str) -> str:
    """``script``'s worker on two ranks over ``cases`` (skipped without two GPUs); its output,
    after asserting both ranks exited cleanly. ``env``: more environment for the ranks."""
    why = two_gpus_missing()
    if why is not None:
        pytest.skip(why)
    path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH", "")) if p)
    full = {**os.environ, "TILERT_BACKEND": "cutile", "PYTHONPATH": path, **env}
    command = [sys.executable, "-m", "tilert.distributed.run", "-n", "2", str(script), *cases]
    done = subprocess.run(command, cwd=REPO, env=full, capture_output=True, text=True, timeout=500)
    print(done.stdout, done.stderr)
    assert done.returncode == 0, done.stderr[-6000:]
    return done.stdout
