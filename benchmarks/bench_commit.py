"""The commit a benchmark's JSON names: ``TILERT_COMMIT`` where the session passes it in (the
device's copy of the tree has no .git), else HEAD, marked ``-dirty`` when the tree differs."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def commit() -> str:
    named = os.environ.get("TILERT_COMMIT")
    if named:
        return named
    try:
        return subprocess.run(
            ["git", "describe", "--always", "--dirty", "--abbrev=40"],
            capture_output=True,
            text=True,
            cwd=ROOT,
            check=True,
        ).stdout.strip()
    except Exception:
        return "unknown"
