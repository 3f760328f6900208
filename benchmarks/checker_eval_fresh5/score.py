"""Score tilecheck on the fifth fresh held-out set (checker_eval_fresh5): the first fresh set's
scorer (`benchmarks/checker_eval_fresh/score.py`, itself a thin wrapper over
`benchmarks/checker_eval/score.py`) pointed at this folder's `programs/`, writing `results.json`
here.

Usage (from anywhere):
    python benchmarks/checker_eval_fresh5/score.py            # oracle + tilecheck, the table
    python benchmarks/checker_eval_fresh5/score.py --oracle-only [NAME ...]   # the oracle alone
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent


def scorer() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "checker_eval_fresh_score", HERE.parent / "checker_eval_fresh" / "score.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    sys.exit(scorer().main(HERE))
