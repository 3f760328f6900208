"""The disk caches: what tilert learns in one process, the next one reads back. ``@tr.autotune``
keeps each choice in ``$TILERT_CACHE_DIR/autotune`` (default ``~/.cache/tilert``), so a second
run does not tune again; on the GPU the lowered kernels (``.../cutile``) and cuTile's compiled
binaries (``$CUDA_TILE_CACHE_DIR``) are kept too, so a second run's first launch loads a binary
rather than compiling it (compare the two runs' first-call times). ``python -m tilert cache
list`` shows the caches, ``python -m tilert cache clear`` empties them.

This example runs the same small program twice, each time as a new process, with the caches in
a temporary folder (so the first run starts cold and nothing of yours is touched): the first
run tunes (and on the GPU compiles), the second finds what it needs on disk. Then it lists the
caches."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32


@tr.kernel
def scale(out: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], a: float) -> None:
    out.store(tl.load_tile_like(x, out) * a)


@tr.autotune(configs=[tr.Config(tile=256), tr.Config(tile=1024)], key=["out"])
def tuned_scale(cfg: tr.Config, out: Tensor[f32], x: Tensor[f32], a: float) -> tr.Op:
    return scale(out.partition((cfg.tile,)), x, a)


def one_run(n: int = 1 << 16) -> None:
    """The program run twice: one tuned launch, what it found on disk, as one JSON line."""
    xs = np.arange(n, dtype=np.float32)
    x, out = tr.from_numpy(xs), tr.empty((n,), dtype=f32)
    start = time.perf_counter()
    tuned_scale(out, x, 3.0).sync()  # tunes (each config compiles on the GPU), or reads
    seconds = time.perf_counter() - start
    report = {
        "tuned": len(tuned_scale.last_tuning),  # 0: the choice came from the disk
        "config": tuned_scale.best_config(out, x, 3.0).as_dict(),
        "first_call_ms": seconds * 1e3,
        "error": float(np.max(np.abs(out.to_numpy() - 3.0 * xs))),
    }
    print(json.dumps(report))


def main() -> None:
    with tempfile.TemporaryDirectory() as cache:
        package_parent = str(Path(tr.__file__).resolve().parent.parent)  # this process's tilert
        env = {
            **os.environ,
            "TILERT_CACHE_DIR": cache,
            "CUDA_TILE_CACHE_DIR": os.path.join(cache, "cutile-python"),
            "TILERT_BACKEND": tr.backend().name,
            "PYTHONPATH": os.pathsep.join(
                filter(None, [package_parent, os.environ.get("PYTHONPATH")])
            ),
        }
        runs = []
        for _ in range(2):
            done = subprocess.run(
                [sys.executable, __file__, "--one-run"], env=env, capture_output=True, text=True
            )
            if done.returncode != 0:
                raise RuntimeError(f"disk_cache: the run failed:\n{done.stderr}")
            runs.append(json.loads(done.stdout.splitlines()[-1]))
        for number, run in enumerate(runs, 1):
            found = f"tuned {run['tuned']} configs" if run["tuned"] else "read the choice from disk"
            print(
                f"    run {number}: {found}, chose {run['config']}, "
                f"first call {run['first_call_ms']:.1f} ms"
            )
        listing = subprocess.run(
            [sys.executable, "-m", "tilert", "cache", "list"],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        print("    $ python -m tilert cache list")
        print("".join(f"    {line}\n" for line in listing.stdout.splitlines()), end="")
        stored = sorted(p.name for p in Path(cache, "autotune").glob("*.json"))
    first, second = runs
    ok = (
        first["tuned"] == 2
        and second["tuned"] == 0
        and first["config"] == second["config"]
        and first["error"] == second["error"] == 0.0
        and len(stored) == 1
    )
    print(
        f"disk_cache: run 1 tuned and stored {stored}, run 2 read it back "
        f"({second['config']}); both outputs match numpy exactly: {'ok' if ok else 'MISMATCH'}"
    )
    if not ok:
        raise AssertionError(f"disk_cache: runs {runs}, stored {stored}")


if __name__ == "__main__":
    if sys.argv[1:] == ["--one-run"]:
        one_run()
    else:
        main()
