"""Running generated kernels on two backends and comparing them.

``run_one(seed)`` generates kernel ``seed``, runs it on both backends (the interpreter and
cuda.tile by default) and checks the interpreter against the numpy reference and the second
backend against the interpreter. ``run_many`` spreads seeds over worker processes
(``python -m tests.support.differential.runner``), each writing one JSON line per kernel as it
goes: a worker that crashes or hangs on a kernel (a segfault in a compiler, a launch that never
returns) costs that kernel only, recorded as a disagreement, and a fresh worker goes on from
the next seed. Every disagreement is written out (kernel source, seed, inputs, what differed)."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from tests.support import REPO
from tests.support.differential.choose import RandomChooser
from tests.support.differential.program import Program, compare, generate, launch, load_module

AGREE, REFUSED, DISAGREE = "agree", "refused", "disagree"
RESTART = 75  # a worker's exit status asking for a fresh process to go on


def use_backend(name: str) -> None:
    from tilert import backends

    os.environ["TILERT_BACKEND"] = name
    backends.current.cache_clear()


def program_for(seed: int) -> Program:
    return generate(RandomChooser(seed), f"k{seed}")


def sticky(exc: BaseException) -> bool:
    """Whether a failed launch may have left the CUDA context unusable (an illegal address, a
    launch failure): the worker then goes on in a fresh process."""
    text = f"{type(exc).__name__} {exc}".lower()
    return any(k in text for k in ("cuda_error", "cudaerror", "illegal", "launch failed"))


def describe(exc: BaseException) -> str:
    return f"{type(exc).__name__}: {exc}".strip()


def run_one(
    seed: int, folder: Path, backends: Sequence[str] = ("interpret", "cutile")
) -> dict[str, Any]:
    """One kernel on both backends: ``{"seed", "status", "detail", ...}``; status ``agree``,
    ``refused`` (the same refusal everywhere) or ``disagree``. Never raises."""
    from tilert.errors import KernelError

    result: dict[str, Any] = {"seed": seed, "status": DISAGREE, "detail": ""}
    try:
        program = program_for(seed)
    except Exception:
        result["detail"] = "generator failed: " + traceback.format_exc()
        return result
    result["kinds"] = program.meta["kinds"]
    try:
        module = load_module(program, folder)
    except KernelError as exc:
        result.update(status=REFUSED, detail=f"at decoration: {describe(exc)}")
        return result
    except Exception as exc:  # not a refusal: a crash of the decorator
        result["detail"] = f"decoration crashed: {describe(exc)}\n{traceback.format_exc()}"
        return result
    outputs: list[np.ndarray[Any, Any] | BaseException] = []
    for name in backends:
        try:
            use_backend(name)
            outputs.append(launch(program, module))
        except Exception as exc:
            outputs.append(exc)
            if name != "interpret" and sticky(exc):
                result["fresh_process"] = True
    try:
        expect, atol = program.expect()
    except Exception:
        result["detail"] = "the numpy reference failed: " + traceback.format_exc()
        return result
    first, second = outputs
    problems = []
    if isinstance(first, BaseException) and isinstance(second, BaseException):
        if type(first) is type(second) and isinstance(first, KernelError):
            detail = (
                f"at launch: {backends[0]}: {describe(first)}\n{backends[1]}: {describe(second)}"
            )
            result.update(status=REFUSED, detail=detail)
            return result
        problems.append(f"both failed differently: {describe(first)} / {describe(second)}")
    elif isinstance(first, BaseException) or isinstance(second, BaseException):
        for name, out in zip(backends, outputs, strict=True):
            if isinstance(out, BaseException):
                problems.append(f"only {name} failed: {describe(out)}")
    else:
        if (d := compare(program, expect, first, atol)) is not None:
            problems.append(f"{backends[0]} vs numpy reference: {d}")
        if (d := compare(program, first, second, atol)) is not None:
            problems.append(f"{backends[1]} vs {backends[0]}: {d}")
    if problems:
        result["detail"] = "\n".join(problems)
    else:
        result["status"] = AGREE
    return result


def write_report(out: Path, seed: int, result: dict[str, Any]) -> Path:
    """The kernel's source, seed, inputs and what differed, under ``out/disagreements``."""
    folder = out / "disagreements"
    folder.mkdir(parents=True, exist_ok=True)
    program = program_for(seed)
    (folder / f"{program.name}.py").write_text(program.source)
    arrays = {f"input_{n}": a for n, a in program.inputs.items()}
    arrays["z_init"] = program.z_init
    np.savez(folder / f"{program.name}_inputs.npz", **arrays)  # type: ignore[arg-type]
    with np.printoptions(threshold=200):
        inputs = "\n".join(
            f"{n} =\n{a!r}" for n, a in [("z_init", program.z_init), *program.inputs.items()]
        )
    text = (
        f"seed: {seed}  (regenerate: tests.support.differential.runner.program_for({seed}))\n"
        f"tile {program.tile}, tensor {program.shape}, grid {program.grid}, "
        f"params {[(p.name, p.value) for p in program.params]}\n"
        f"status: {result['status']}\n{result['detail']}\n\n--- source ---\n{program.source}\n"
        f"--- inputs ---\n{inputs}\n"
    )
    path = folder / f"{program.name}.txt"
    path.write_text(text)
    return path


@dataclass
class Summary:
    run: int = 0
    counts: Counter[str] = field(default_factory=Counter)
    coverage: Counter[str] = field(default_factory=Counter)  # constructs: kernels using each
    disagreements: list[dict[str, Any]] = field(default_factory=list)
    refusals: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0

    def line(self) -> str:
        return (
            f"differential: {self.run} kernels run, {self.counts[AGREE]} agreed, "
            f"{self.counts[REFUSED]} refused on both, {self.counts[DISAGREE]} disagreed "
            f"({self.seconds:.0f} s)"
        )


# -- workers --------------------------------------------------------------------------------------
def worker(seeds: Iterable[int], log: Path, out: Path, backends: Sequence[str]) -> None:
    """Run ``seeds`` in this process, one JSON line per kernel (a "start" line first, flushed,
    so the driver knows which kernel a crash happened in)."""
    folder = out / "kernels"  # a stable path: the lowered source names it, so a rerun of a
    folder.mkdir(parents=True, exist_ok=True)  # seed lowers to the source cuTile has cached
    with log.open("a") as f:
        crash = os.environ.get("TILERT_DIFF_CRASH_SEED")  # the harness's own tests
        for seed in seeds:
            f.write(json.dumps({"seed": seed, "status": "start"}) + "\n")
            f.flush()
            if crash is not None and int(crash) == seed:
                os._exit(139)
            result = run_one(seed, folder, backends)
            fresh = result.pop("fresh_process", False)
            if result["status"] == DISAGREE:
                write_report(out, seed, result)
            f.write(json.dumps(result) + "\n")
            f.flush()
            if fresh:
                os._exit(RESTART)  # a launch failed unexpectedly: maybe a sticky CUDA error


def _read(log: Path) -> tuple[dict[int, dict[str, Any]], int | None]:
    """The finished results in a worker's log, and the seed it started last but did not end."""
    done: dict[int, dict[str, Any]] = {}
    started = None
    if log.exists():
        for text in log.read_text().splitlines():
            try:
                entry = json.loads(text)
            except json.JSONDecodeError:
                continue
            if entry["status"] == "start":
                started = entry["seed"]
            else:
                done[entry["seed"]] = entry
                started = None
    return done, started


@dataclass
class Chunk:
    seeds: list[int]
    log: Path
    proc: subprocess.Popen[bytes] | None = None
    last_progress: float = 0.0
    progress: int = -1


def run_many(
    seeds: Sequence[int],
    out: Path,
    workers: int = 4,
    backends: Sequence[str] = ("interpret", "cutile"),
    kernel_timeout: float = 180.0,
) -> Summary:
    """Every seed on both backends across ``workers`` processes; reports under ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    size = max(1, -(-len(seeds) // max(workers, 1)))
    chunks = [
        Chunk(list(seeds[k : k + size]), out / f"worker{n}.jsonl")
        for n, k in enumerate(range(0, len(seeds), size))
    ]
    for c in chunks:
        c.log.unlink(missing_ok=True)
    lost: dict[int, dict[str, Any]] = {}
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]),
    }

    def spawn(c: Chunk, done: dict[int, dict[str, Any]]) -> None:
        rest = [s for s in c.seeds if s not in done and s not in lost]
        if not rest:
            c.proc = None
            return
        cmd = [sys.executable, "-m", "tests.support.differential.runner", "worker"]
        cmd += ["--log", str(c.log), "--out", str(out), "--backends", ",".join(backends)]
        cmd += ["--seeds", ",".join(map(str, rest))]
        c.proc = subprocess.Popen(cmd, cwd=REPO, env=env, stdout=subprocess.DEVNULL)
        c.last_progress = time.monotonic()

    for c in chunks:
        spawn(c, {})
    while any(c.proc is not None for c in chunks):
        time.sleep(0.5)
        for c in chunks:
            if c.proc is None:
                continue
            done, started = _read(c.log)
            if len(done) != c.progress:
                c.progress, c.last_progress = len(done), time.monotonic()
            code = c.proc.poll()
            hung = code is None and time.monotonic() - c.last_progress > kernel_timeout
            if hung:
                c.proc.kill()
                c.proc.wait()
            if code is None and not hung:
                continue
            if started is not None and (hung or code != 0):
                why = f"timed out after {kernel_timeout:.0f} s" if hung else f"exit status {code}"
                entry: dict[str, Any] = {
                    "seed": started,
                    "status": DISAGREE,
                    "detail": f"worker died: {why}",
                }
                lost[started] = entry
                try:
                    write_report(out, started, entry)
                except Exception:
                    pass
            if started is None and code not in (0, None, RESTART):  # died outside any kernel
                for seed in c.seeds:
                    if seed not in done:
                        detail = f"worker exited with status {code} before running it"
                        lost[seed] = {"seed": seed, "status": DISAGREE, "detail": detail}
            spawn(c, done)
    summary = Summary()
    results: dict[int, dict[str, Any]] = dict(lost)
    for c in chunks:
        results.update(_read(c.log)[0])
    for seed in seeds:
        missing: dict[str, Any] = {"seed": seed, "status": DISAGREE, "detail": "never ran"}
        entry = results.get(seed, missing)
        summary.run += 1
        summary.counts[str(entry["status"])] += 1
        kinds: list[str] = entry["kinds"] if "kinds" in entry else []
        summary.coverage.update(kinds)
        if entry["status"] == DISAGREE:
            summary.disagreements.append(entry)
        elif entry["status"] == REFUSED:
            summary.refusals.append(entry)
    summary.seconds = time.monotonic() - start
    (out / "summary.json").write_text(
        json.dumps(
            {
                "line": summary.line(),
                "counts": dict(summary.counts),
                "disagreements": summary.disagreements,
                "refusals": summary.refusals,
                "coverage": dict(summary.coverage.most_common()),
            },
            indent=1,
        )
    )
    return summary


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("mode", choices=["worker", "run"])
    parser.add_argument("--seeds", default="0:100", help="a:b, or a comma-separated list")
    parser.add_argument("--log", type=Path)
    parser.add_argument("--out", type=Path, default=Path(tempfile.gettempdir()) / "tilert_diff")
    parser.add_argument("--backends", default="interpret,cutile")
    parser.add_argument("--workers", type=int, default=4)
    args = parser.parse_args(argv)
    if ":" in args.seeds:
        a, b = map(int, args.seeds.split(":"))
        seeds = list(range(a, b))
    else:
        seeds = [int(s) for s in args.seeds.split(",") if s]
    backends = args.backends.split(",")
    if args.mode == "worker":
        worker(seeds, args.log, args.out, backends)
        return
    summary = run_many(seeds, args.out, args.workers, backends)
    print(summary.line())
    for d in summary.disagreements:
        print(f"  seed {d['seed']}: {d['detail'].splitlines()[0] if d['detail'] else ''}")


if __name__ == "__main__":
    main()
