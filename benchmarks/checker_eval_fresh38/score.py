"""Score tilecheck on the thirty-eighth fresh held-out set (checker_eval_fresh38): the first fresh
set's scorer (`benchmarks/checker_eval_fresh/score.py`, itself a thin wrapper over
`benchmarks/checker_eval/score.py`) pointed at this folder's `programs/`, writing `results.json`
here.

Usage (from anywhere):
    python benchmarks/checker_eval_fresh38/score.py            # oracle + tilecheck, the table
    python benchmarks/checker_eval_fresh38/score.py --oracle-only [NAME ...]   # the oracle alone
"""

import runpy
import sys
from pathlib import Path

if __name__ == "__main__":
    HERE = Path(__file__).resolve().parent
    scorer = runpy.run_path(str(HERE.parent / "checker_eval_fresh" / "score.py"))
    sys.exit(scorer["main"](HERE))
