"""The CLI on a large tree: ``tilecheck`` over N generated files (default 5,000), timed end to
end as a user runs it (a fresh process), with the job counts given.

    PYTHONPATH=. python benchmarks/cli_many_files.py [--files 5000] [--jobs 1 2] [--keep DIR]

The tree is made of the examples and the rule catalog's example programs (every one mentions
tilert, so every file is parsed and checked), copied round-robin into folders of 100 files.
Prints one line per run: jobs, files, seconds, exit code."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def programs() -> list[str]:
    sys.path.insert(0, str(ROOT))
    from tilecheck.catalog import catalog

    texts = [p.read_text() for p in sorted((ROOT / "examples").glob("*.py"))]
    for rule in catalog().values():
        texts.extend(textwrap.dedent(case.code) for case in (*rule.valid, *rule.invalid))
    return texts


def make_tree(root: Path, files: int) -> None:
    texts = programs()
    for i in range(files):
        folder = root / f"pkg{i // 100:03}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"m{i:05}.py").write_text(texts[i % len(texts)])


def run(root: Path, jobs: int) -> tuple[float, int]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "tilecheck", "--jobs", str(jobs), "--quiet", "--exit-zero", "."],
        cwd=root,
        env=env,
        stdout=subprocess.DEVNULL,
        check=False,
    )
    return time.perf_counter() - started, done.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=5000)
    parser.add_argument("--jobs", type=int, nargs="+", default=[1, os.cpu_count() or 1])
    parser.add_argument("--keep", type=Path, help="build the tree here and leave it")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = args.keep or Path(tmp)
        make_tree(root, args.files)
        for jobs in args.jobs:
            seconds, code = run(root, jobs)
            print(f"jobs={jobs} files={args.files} seconds={seconds:.1f} exit={code}")


if __name__ == "__main__":
    main()
