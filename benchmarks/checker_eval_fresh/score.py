"""Score tilecheck on the fresh held-out set: a thin wrapper over
`benchmarks/checker_eval/score.py` (imported, not modified) pointed at this folder's
`programs/`, writing `results.json` here.

Usage (from anywhere):
    python benchmarks/checker_eval_fresh/score.py            # oracle + tilecheck, the table
    python benchmarks/checker_eval_fresh/score.py --oracle-only [NAME ...]   # the oracle alone

Programs are run one at a time (the shared CI-sized machine), with the repository root on
PYTHONPATH so that `tilert` and `tilecheck` import from this tree whatever is installed.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
BASE = ROOT / "benchmarks" / "checker_eval" / "score.py"


def load_base(here: Path = HERE, glob: str = "", helper: str = "") -> ModuleType:
    """The base scorer pointed at ``here``; ``glob``/``helper``: the set's program files and
    local package where they are not named ``p*.py`` and ``llm*``."""
    spec = importlib.util.spec_from_file_location("checker_eval_score", BASE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up by name)
    spec.loader.exec_module(module)
    module.PROGRAMS = here / "programs"
    module.RESULTS = here / "results.json"
    module.PROGRAM_GLOB = glob or module.PROGRAM_GLOB
    module.HELPER_PREFIX = helper or module.HELPER_PREFIX

    def one_at_a_time(max_workers: int | None = None) -> ThreadPoolExecutor:
        return ThreadPoolExecutor(max_workers=1)

    module.ThreadPoolExecutor = one_at_a_time
    return module


def main(here: Path = HERE, glob: str = "", helper: str = "") -> int:
    """Score the set in ``here`` (this folder, or a later set's: checker_eval_fresh2)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--oracle-only", action="store_true", help="run the oracle alone")
    parser.add_argument("names", nargs="*", help="programs (substrings of their file names)")
    args = parser.parse_args()
    path = os.environ.get("PYTHONPATH", "")
    os.environ["PYTHONPATH"] = str(ROOT) + (os.pathsep + path if path else "")
    base = load_base(here, glob, helper)
    if not args.oracle_only:
        return int(base.score())
    bad = 0
    for prog in base.load_programs():
        if args.names and not any(n in prog.name for n in args.names):
            continue
        verdict = base.oracle(prog)
        bad += not verdict["ok"]
        kind = "V" if prog.violating else "C"
        mark = ",".join(f"{c}@{line}" for line, c in prog.expect) or "-"
        raw = verdict.get("raw") or {}
        exc = raw.get("exception") or {}
        detail = f"{exc.get('type', '')}: {exc.get('message', '')[:90]}" if exc else ""
        if not exc and raw.get("warnings"):
            detail = raw["warnings"][0]["message"][:90]
        print(
            f"{'ok ' if verdict['ok'] else 'BAD'} {kind} {prog.name:<40} {mark:<10} "
            f"fired {verdict.get('fired_lines')} {detail}"
        )
    print(f"{bad} disagreements")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
