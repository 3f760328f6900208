"""Where the host time of one small launch goes on the GPU machine: each piece of
``add(z.partition((n,)), x, y).sync()`` timed alone, the same call with a backend that launches
nothing (tilert's bookkeeping on this CPU: the C fast path's, or the Python's with
TILERT_PURE_PYTHON=1), raw ``ct.launch`` on torch tensors and on
tilert's buffers, the driver's ``cuLaunchKernel`` of the same compiled kernel with its
parameters packed once (the floor of any launch from Python), and a cProfile of the whole call.
A diagnostic for the launch-overhead row of gpu_bench.py; writes ``launch_profile.txt`` to
``--out``.

    TILERT_BACKEND=cutile python benchmarks/gpu_launch_profile.py --out /tmp/out"""

from __future__ import annotations

import argparse
import copy
import cProfile
import ctypes
import io
import platform
import pstats
import sys
from pathlib import Path
from typing import Any

import cuda.tile as ct  # type: ignore[import-not-found,import-untyped,unused-ignore]
import torch
from gpu_bench import add, raw_add
from gpu_bench_gemm import timed

import tilert as tr
from tilert import _accel, backends, f32
from tilert.cutile.backend import launch_arguments


def driver_launch(kernel: Any, args: tuple[Any, ...], stream: int) -> Any:
    """A function launching ``kernel`` on a (1, 1, 1) grid with ``cuLaunchKernel`` (through
    cuda.bindings): compiled for ``args`` as ``ct.launch`` would (cuTile's export path) and
    its parameters packed once, in the documented ``cutile_python_v2`` calling convention."""
    from cuda.bindings import driver as drv  # type: ignore[import-not-found,import-untyped,unused-ignore]
    from cuda.tile.compilation import (  # type: ignore[import-not-found,import-untyped,unused-ignore]
        ArrayConstraint,
        CallingConvention,
        KernelSignature,
        export_kernel,
    )

    sig = KernelSignature.from_kernel_args(kernel, args, CallingConvention.cutile_python_v2())
    major, minor = torch.cuda.get_device_capability()
    cubin = io.BytesIO()
    export_kernel(kernel, [sig], cubin, gpu_code=f"sm_{major}{minor}", output_format="cubin")
    _, module = drv.cuModuleLoadData(cubin.getvalue())
    _, function = drv.cuModuleGetFunction(module, sig.symbol.encode())
    words: list[int] = []
    for c, a in zip(sig.parameters, args, strict=True):
        if isinstance(c, ArrayConstraint):  # address, shape, strides (in elements)
            words += [a.data_ptr(), *a.shape, *a.stride()]
    packed = (ctypes.c_int64 * len(words))(*words)
    params = (ctypes.c_void_p * len(words))(
        *[ctypes.addressof(packed) + 8 * i for i in range(len(words))]
    )
    address, handle = ctypes.addressof(params), drv.CUstream(stream)

    def launch() -> None:
        drv.cuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, handle, address, 0)

    launch.keep = (module, packed, params)  # type: ignore[attr-defined]
    return launch


class _NoLaunch:
    """The cutile backend without the launch itself: its compiled kernels (without their direct
    launches) and a ``ct.launch`` that does nothing, so the C fast path (or, without it, the
    Python) runs all but the launch."""

    name = "cutile"
    device_kind = "cuda"
    launches_at_once = True

    def __init__(self, real: Any) -> None:
        # its compiled kernels without their direct launches (which would launch for real)
        self._cache = {key: copy.copy(c) for key, c in real._cache.items()}
        for c in self._cache.values():
            c.direct = None
        self._ct, self.launch_error = real._ct, real.launch_error
        self._launch = lambda *args: None
        self.fast_launch = (self._cache, self._launch)

    def launch(self, kernel: Any, args: Any, grid: Any, stream: Any) -> None:
        launch_arguments(kernel, args)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", default="/tmp/out")
    parser.add_argument("--n", type=int, default=1024)
    opts = parser.parse_args()
    n = opts.n
    lines = [
        f"python {sys.version.split()[0]} on {platform.processor() or platform.machine()}, "
        f"launch path: {_accel.describe()}"
    ]
    x, y = tr.ones((n,), dtype=f32), tr.ones((n,), dtype=f32)
    z = tr.zeros((n,), dtype=f32)
    add(z.partition((n,)), x, y).sync()
    tx, ty = torch.ones(n, device="cuda"), torch.ones(n, device="cuda")
    tz = torch.empty_like(tx)
    stream = torch.cuda.current_stream()
    h = stream.cuda_stream
    s = tr.current_stream()
    zv, xv, yv = (launch_arguments(add, (z.partition((n,)), x, y))[0][i] for i in (0, 2, 3))

    cu_launch = driver_launch(raw_add, (tz, tx, ty, n), h)

    def ours() -> None:
        add(z.partition((n,)), x, y).sync()

    def raw() -> None:
        ct.launch(h, (1, 1, 1), raw_add, (tz, tx, ty, n))
        stream.synchronize()

    def none() -> None:
        pass

    cases = {
        "ours: add(z.partition, x, y).sync()": (ours, none),
        "raw: ct.launch + torch sync": (raw, none),
        "ct.launch torch args (async)": (
            lambda: ct.launch(h, (1, 1, 1), raw_add, (tz, tx, ty, n)),
            torch.cuda.synchronize,
        ),
        "ct.launch tilert views (async)": (
            lambda: ct.launch(h, (1, 1, 1), raw_add, (zv, xv, yv, n)),
            torch.cuda.synchronize,
        ),
        "cuLaunchKernel alone (async)": (cu_launch, torch.cuda.synchronize),
        "torch stream.synchronize (idle)": (stream.synchronize, none),
        "tilert stream sync (idle)": (s._cuda_synchronize, none),
        "z.partition((n,)), dropped unused": (lambda: z.partition((n,)), none),
        "op create+sync, no launch": (ours, none),
    }
    times: dict[str, float] = {}
    no_launch = _NoLaunch(backends.current())
    for name, case in cases.items():
        if name.startswith("op create"):
            real = backends.current
            backends.current = lambda: no_launch  # type: ignore[assignment]
            try:
                times.update(timed({name: case}, 2000))
            finally:
                backends.current = real
        else:
            times.update(timed({name: case}, 2000))
    for name, t in times.items():
        lines.append(f"{name:40s} {t * 1e6:8.2f} us")
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(5000):
        ours()
    profile.disable()
    text = io.StringIO()
    pstats.Stats(profile, stream=text).sort_stats("tottime").print_stats(30)
    lines.append(text.getvalue())
    report = "\n".join(lines)
    print(report)
    out = Path(opts.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "launch_profile.txt").write_text(report)


if __name__ == "__main__":
    main()
