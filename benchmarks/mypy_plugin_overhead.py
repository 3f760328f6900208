"""What the mypy plugin costs: mypy over the project's own examples and tests, with the tilert
stubs, once plain and once with ``plugins = tilecheck``; each run a fresh process with a cold
cache, the two alternating, min of several repeats.

    python benchmarks/mypy_plugin_overhead.py [--repeats 5] [--limit 1.10]

Prints both times and their ratio (the requirement: at most 1.10) and writes
benchmarks/results/mypy_plugin_overhead.json."""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import mypy.version

REPO = Path(__file__).resolve().parents[1]
TARGETS = ("examples", "tests")
CONFIG = """\
[mypy]
explicit_package_bases = True
strict = True
{plugins}
"""


def mypy_seconds(config: Path, cache: Path) -> tuple[float, int]:
    """One cold mypy run over the targets: its wall time and its number of error lines."""
    env = dict(os.environ)
    # the working tree's plugin and packages, whatever is installed
    env["PYTHONPATH"] = os.pathsep.join(
        [str(REPO / "mypy_plugin"), str(REPO), env.get("PYTHONPATH", "")]
    )
    command = [sys.executable, "-m", "mypy", "--config-file", str(config)]
    command += ["--cache-dir", str(cache), "--no-error-summary", *TARGETS]
    start = time.perf_counter()
    done = subprocess.run(command, cwd=REPO, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1) or done.stderr.strip():
        raise SystemExit(f"mypy failed ({done.returncode}):\n{done.stderr}{done.stdout[-2000:]}")
    return seconds, sum(1 for line in done.stdout.splitlines() if ": error:" in line)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--limit", type=float, default=1.10, help="fail above this ratio")
    args = parser.parse_args(argv)

    files = sum(len(list((REPO / t).rglob("*.py"))) for t in TARGETS)
    best = {"plain": float("inf"), "plugin": float("inf")}
    errors = {"plain": 0, "plugin": 0}
    with tempfile.TemporaryDirectory() as tmp:
        configs = {}
        for name, plugins in (("plain", ""), ("plugin", "plugins = tilecheck")):
            configs[name] = Path(tmp, f"{name}.ini")
            configs[name].write_text(CONFIG.format(plugins=plugins))
        for repeat in range(args.repeats):
            for name, config in configs.items():
                seconds, errors[name] = mypy_seconds(config, Path(tmp, f"cache-{name}-{repeat}"))
                best[name] = min(best[name], seconds)
    ratio = best["plugin"] / best["plain"]
    print(f"mypy {mypy.version.__version__}, {files} files in {' and '.join(TARGETS)}/, cold cache")
    print(f"plain mypy            {best['plain']:8.2f} s  ({errors['plain']} errors)")
    print(f"mypy with the plugin  {best['plugin']:8.2f} s  ({errors['plugin']} errors)")
    print(f"ratio                 {ratio:8.3f}x  (limit {args.limit:.2f}x)")
    out = REPO / "benchmarks" / "results" / "mypy_plugin_overhead.json"
    out.parent.mkdir(exist_ok=True)
    out.write_text(
        json.dumps(
            {
                "benchmark": "mypy_plugin_overhead",
                "targets": list(TARGETS),
                "files": files,
                "repeats": args.repeats,
                "plain_s": best["plain"],
                "plugin_s": best["plugin"],
                "ratio": ratio,
                "errors_plain": errors["plain"],
                "errors_plugin": errors["plugin"],
                "mypy": mypy.version.__version__,
                "python": platform.python_version(),
                "cpus": os.cpu_count(),
                "machine": platform.machine(),
            },
            indent=2,
        )
        + "\n"
    )
    return 0 if ratio <= args.limit else 1


if __name__ == "__main__":
    sys.exit(main())
