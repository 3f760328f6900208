"""A GPU benchmark's JSON record (``{"device", "date", "commit", "comparisons", ...}``): the
commit it names and where it is written, one way for every benchmarks/gpu_bench*.py."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def commit() -> str:
    """``TILERT_COMMIT`` where the session passes it in (the device's copy of the tree has no
    .git), else HEAD, marked ``-dirty`` when the tree differs."""
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


def write(out: str | Path, doc: dict[str, Any], device: str, kind: str = "") -> Path:
    """``doc`` as ``<out>/<date>-<gpu>[-<kind>].json`` (``2026-11-26-h100-80gb-hbm3-kernels``)."""
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    slug = device.lower().replace("nvidia ", "").replace(" ", "-")
    path = folder / f"{doc['date']}-{slug}{'-' + kind if kind else ''}.json"
    path.write_text(json.dumps(doc, indent=2) + "\n")
    print(f"wrote {path}")
    return path
