"""tilecheck over a large body of real Python that does not use tilert: the installed sources
of numpy, mypy and libcst (about 1,000 files here, where mypy is compiled; add packages with
``--packages``). It must not crash, must report nothing, and must
be fast, because files that name neither tilert nor a kernel decorator are skipped by a byte
search before anything is decoded or parsed.

    PYTHONPATH=. python benchmarks/checker_corpus.py [--jobs N] [--limit 30] [--parse-all]
        [--packages numpy mypy libcst ...]

``--parse-all`` makes every file worth parsing (a configured kernel decorator named ``import``
matches them all), so the parser and every rule pass run over the whole corpus: a robustness
run, slower, with its own time. Prints files and seconds and writes
benchmarks/results/checker_corpus.json."""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import sys
import time
from pathlib import Path

from tilecheck.config import Config
from tilecheck.engine import Report, check_paths

PACKAGES = ("numpy", "mypy", "libcst")


def package_dirs(names: list[str]) -> list[Path]:
    """Each package's folder, found without importing it."""
    dirs = []
    for name in names:
        spec = importlib.util.find_spec(name)
        if spec is None or spec.origin is None:
            raise SystemExit(f"package {name!r} is not installed")
        dirs.append(Path(spec.origin).parent)
    return dirs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--jobs", type=int, default=None, help="worker processes (default: CPUs)")
    parser.add_argument("--limit", type=float, default=30.0, help="fail above this many seconds")
    parser.add_argument("--parse-all", action="store_true", help="parse and check every file")
    parser.add_argument(
        "--packages", nargs="+", default=list(PACKAGES), help="installed packages to check"
    )
    args = parser.parse_args(argv)

    roots = package_dirs(args.packages)
    config = Config(kernel_decorators=("import",) if args.parse_all else ())
    start = time.perf_counter()
    report: Report = check_paths(roots, config, jobs=args.jobs)
    seconds = time.perf_counter() - start

    parse_errors = [d for d in report.diagnostics if d.code == "TC001"]
    other = [d for d in report.diagnostics if d.code != "TC001"]
    print(f"roots      {', '.join(str(r) for r in roots)}")
    print(f"files      {report.files}")
    print(f"parsed     {report.parsed}")
    print(f"findings   {len(other)} (+{len(parse_errors)} TC001)")
    print(f"crashes    {len(report.errors)}")
    print(f"seconds    {seconds:.2f}  (limit {args.limit:.0f} s, {os.cpu_count()} CPUs)")
    for d in [*other, *parse_errors][:20]:
        print(f"  {d.location()}: {d.code} {d.message}")
    for e in report.errors[:20]:
        print(f"  {e.path}: {e.message}")

    out = Path(__file__).resolve().parent / "results" / "checker_corpus.json"
    out.parent.mkdir(exist_ok=True)
    name = "checker_corpus_parse_all" if args.parse_all else "checker_corpus"
    result = {
        "benchmark": name,
        "packages": args.packages,
        "files": report.files,
        "parsed": report.parsed,
        "findings": len(other),
        "parse_errors": len(parse_errors),
        "crashes": len(report.errors),
        "seconds": seconds,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    out.with_name(f"{name}.json").write_text(json.dumps(result, indent=2) + "\n")

    ok = not report.errors and not other and seconds <= args.limit
    # Without --parse-all nothing is parsed, so not even a TC001 may appear.
    ok = ok and (args.parse_all or not parse_errors)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
