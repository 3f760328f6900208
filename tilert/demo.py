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
from dataclasses import dataclass, field
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

# examples/, in reading order (cuTile Rust's example set; tests/tilert/test_demo.py checks that
# these two lists name every file there)
EXAMPLES = (
    "hello_world",
    "add",
    "saxpy",
    "softmax",
    "rms_norm",
    "dropout",
    "gemm",
    "batch_matmul",
    "persistent_gemm",
    "tensor_permute",
    "flash_attention",
    "flash_attention_causal",
    "async_add",
    "async_gemm",
    "async_mlp",
    "cuda_graphs",
    "autotune",
    "disk_cache",
)
GPU_EXAMPLES = ("cuda_cpp", "interop_torch")  # CUDA C++ and torch on the GPU need the GPU


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


@dataclass
class Results:
    """What section 3 did: examples run, those that failed, and those skipped with why."""

    ran: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)
    missing: str | None = None  # why no example could run
    no_backend: bool = False  # TILERT_BACKEND names one that can't run here

    @property
    def status(self) -> int:
        """The demo's exit status: 1 when an example failed or none could run on a backend."""
        return 1 if self.failed or self.no_backend else 0

    def summary(self) -> str:
        """The demo's last line, true of what ran here."""
        if self.missing is not None:
            return f"no examples ran: {self.missing}"
        skipped = "; ".join(f"{name} ({why})" for name, why in self.skipped.items())
        if self.failed:
            line = (
                f"{len(self.failed)} of {len(self.ran)} example(s) failed: {', '.join(self.failed)}"
            )
            return f"{line}; skipped: {skipped}" if skipped else line
        if not skipped:
            return "all examples passed"
        return f"all {len(self.ran)} examples that can run here passed; skipped: {skipped}"


def _gpu_skip_reason(backend_name: str) -> str:
    from tilert import backends

    if backends.unavailable_reason("cutile") is not None:
        return "needs a GPU"
    return f"needs the cutile backend; this run uses `{backend_name}`"


def examples_folder(package: Path) -> Path | None:
    """Where the examples are for the tilert package at ``package``: a wheel carries them as
    ``tilert/_examples`` (setup.py copies them in), a checkout has ``examples/`` beside the
    package. The wheel's copy comes first: beside an installed package, ``examples/`` would be
    whatever another distribution put into site-packages."""
    for folder in (package / "_examples", package.parent / "examples"):
        if all((folder / f"{name}.py").is_file() for name in EXAMPLES + GPU_EXAMPLES):
            return folder
    return None


def run_examples() -> Results:
    import tilert as tr

    results = Results()
    try:
        backend = tr.backend()
    except RuntimeError as exc:  # TILERT_BACKEND names a backend that can't run here
        banner("3. the examples' kernels")
        results.missing = f"{exc} (unset TILERT_BACKEND or correct it)"
        results.no_backend = True
        print(f"({results.missing})")
        return results
    banner(f"3. the examples' kernels on the `{backend.name}` backend")
    root = examples_folder(Path(__file__).resolve().parent)
    if root is None:
        results.missing = "the examples are not installed with tilert (reinstall it from a wheel)"
        print(f"({results.missing})")
        return results
    on_gpu = backend.device_kind == "cuda"
    # under the interpreter nothing is compiled: the first run's time is all there is to say
    timing = "first run, compile included" if on_gpu else "first run"
    for name in EXAMPLES + GPU_EXAMPLES:
        if name in GPU_EXAMPLES and not on_gpu:
            results.skipped[name] = _gpu_skip_reason(backend.name)
            print(f"{name}: skipped ({results.skipped[name]})")
            continue
        results.ran.append(name)
        start = time.perf_counter()
        try:
            runpy.run_path(str(root / f"{name}.py"), run_name="__main__")
        except Exception:
            results.failed.append(name)
            print(f"{name}: FAILED")
            traceback.print_exc()
            continue
        print(f"    ({(time.perf_counter() - start) * 1e3:.1f} ms, {timing})")
    return results


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "wrong_program.py"
        path.write_text(WRONG_PROGRAM)
        show_static_check(path)
        show_runtime_check(path)
    results = run_examples()
    print(f"\n{results.summary()}")
    return results.status


if __name__ == "__main__":
    os.environ.setdefault("PYTHONWARNINGS", "default")
    sys.exit(main())
