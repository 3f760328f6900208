"""Check every program of this set against the interpreter (the oracle): the sixth fresh set's
checker (`benchmarks/checker_eval_fresh6/check_oracle.py`: a violating program must raise at its
marked line, or, for TC105 and TC108, warn naming only that line; a correct program must exit
cleanly with no warning; each program runs on the C fast path and with TILERT_PURE_PYTHON=1)
pointed at this folder's `programs/`, as the seventh to thirty-seventh sets' are.

Usage:
    python benchmarks/checker_eval_fresh38/check_oracle.py            # all programs
    python benchmarks/checker_eval_fresh38/check_oracle.py p007 p052  # names containing these
    python benchmarks/checker_eval_fresh38/check_oracle.py --mode pure  # one path: fast or pure
    python benchmarks/checker_eval_fresh38/check_oracle.py -v p007    # each run's stderr tail
"""

import runpy
import sys
from pathlib import Path

if __name__ == "__main__":
    HERE = Path(__file__).resolve().parent
    oracle = runpy.run_path(str(HERE.parent / "checker_eval_fresh6" / "check_oracle.py"))
    sys.exit(oracle["main"](HERE))
