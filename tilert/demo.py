"""``python -m tilert.demo``: the checker catching a wrong program, the runtime refusing it,
then the examples' kernels running on the best backend available, with timings."""

from __future__ import annotations

import os
import runpy
import sys
import tempfile
import textwrap
import time
import traceback
from pathlib import Path

WRONG_PROGRAM = textwrap.dedent(
    """\
    import tilert as tr
    import tilert.lang as tl
    from tilert import Mutable, Shared, Tensor, f32


    @tr.kernel
    def scale(z: Mutable[Tensor[f32]], a: float) -> None:
        z.store(z.load() * a)


    @tr.kernel
    def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
        z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


    def in_flight() -> None:
        z = tr.ones((4096,), name="z")
        pending = scale(z.partition((1024,)), 2.0).submit()
        print(z.to_numpy()[:4])  # BUG: z is still being written by the submitted op
        pending.wait()


    def aliased() -> None:
        z = tr.ones((4096,), name="z")
        add(z.partition((1024,)), z, z).sync()  # BUG: z is written and read by one launch
    """
)

EXAMPLES = ("add", "saxpy", "softmax", "gemm", "async_pipeline", "graph_replay")
GPU_EXAMPLES = ("cuda_cpp",)  # CUDA C++ needs the GPU


def banner(title: str) -> None:
    print(f"\n\033[1m== {title} ==\033[0m" if sys.stdout.isatty() else f"\n== {title} ==")


def show_static_check(path: Path) -> None:
    banner("1. tilecheck reads the program before it runs")
    print(textwrap.indent(WRONG_PROGRAM, "    "))
    try:
        from tilecheck.config import Config
        from tilecheck.engine import check_source
        from tilecheck.formats import render
    except ImportError as exc:  # the checker is optional for the demo
        print(f"(static checker unavailable: {exc})")
        return
    found = check_source(WRONG_PROGRAM, str(path), Config())
    print(render("full", found) if found else "(no findings)")


def show_runtime_check(path: Path) -> None:
    banner("2. tilert refuses the same mistakes at run time")
    namespace = runpy.run_path(str(path))
    for name in ("in_flight", "aliased"):
        try:
            namespace[name]()
            print(f"{name}(): ran without error (unexpected)")
        except Exception as exc:
            print(f"{name}(): {type(exc).__name__}: {exc}")


def run_examples() -> int:
    import tilert as tr

    backend = tr.backend()
    banner(f"3. the examples' kernels on the `{backend.name}` backend")
    root = Path(__file__).resolve().parent.parent / "examples"
    if not root.is_dir():
        print(f"(examples/ not found next to the package at {root}; run from a checkout)")
        return 0
    failures = 0
    for name in EXAMPLES + (GPU_EXAMPLES if backend.name == "cutile" else ()):
        start = time.perf_counter()
        try:
            runpy.run_path(str(root / f"{name}.py"), run_name="__main__")
        except Exception:
            failures += 1
            print(f"{name}: FAILED")
            traceback.print_exc()
            continue
        print(f"    ({(time.perf_counter() - start) * 1e3:.1f} ms, first run, compile included)")
    return failures


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "wrong_program.py"
        path.write_text(WRONG_PROGRAM)
        show_static_check(path)
        show_runtime_check(path)
    failures = run_examples()
    print("\nall examples passed" if not failures else f"\n{failures} example(s) failed")
    return 1 if failures else 0


if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "default")
    sys.exit(main())
