"""The numpy interpreter's speed on a 2^20-element f32 add in 1024-element tiles (1024 blocks).

Times the whole public path (``add(z.partition(...), x, y).sync()``), the interpreter's
``launch`` alone, the same launch forced block by block (serial mode), and numpy's own add for
scale. Prints a table and writes benchmarks/results/interp_add.json.

    python benchmarks/interp_add.py [--repeat 10]
"""

from __future__ import annotations

import argparse
import json
import platform
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

import tilert as tr
import tilert.lang as tl
from tilert import Mutable, Shared, Tensor, f32
from tilert.interpret import execute

N = 1 << 20
TILE = 1024


@tr.kernel
def add(z: Mutable[Tensor[f32]], x: Shared[Tensor[f32]], y: Shared[Tensor[f32]]) -> None:
    z.store(tl.load_tile_like(x, z) + tl.load_tile_like(y, z))


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` timed calls, in seconds (after one warm-up call)."""
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def main(repeat: int) -> dict[str, float]:
    rng = np.random.default_rng(0)
    xs, ys = rng.standard_normal(N).astype(np.float32), rng.standard_normal(N).astype(np.float32)
    x, y, z = tr.from_numpy(xs), tr.from_numpy(ys), tr.zeros((N,), dtype=f32)

    def public() -> None:
        add(z.partition((TILE,)), x, y).sync()

    def interpreter(mode: str) -> Callable[[], object]:
        def go() -> object:
            # a fresh partition per launch, consumed only by the interpreter (no Op, no borrow)
            part = z.partition((TILE,))
            try:
                return execute(add, [part, x, y], part.grid, mode)  # type: ignore[arg-type]
            finally:
                del part

        return go

    results = {
        "sync (public API)": best_of(repeat, public),
        "interpret.launch, batched": best_of(repeat, interpreter("batched")),
        "interpret.launch, serial": best_of(max(1, repeat // 5), interpreter("serial")),
        "numpy x + y": best_of(repeat, lambda: xs + ys),
    }
    np.testing.assert_array_equal(z.to_numpy(), xs + ys)
    print(f"f32 add, {N} elements, tiles of {TILE} ({N // TILE} blocks), best of {repeat}:")
    width = max(len(k) for k in results)
    for name, seconds in results.items():
        print(f"  {name:<{width}}  {seconds * 1e3:8.2f} ms")
    out = Path(__file__).parent / "results" / "interp_add.json"
    out.parent.mkdir(exist_ok=True)
    record = {
        "benchmark": "interp_add",
        "device": f"cpu ({platform.processor() or platform.machine()}), numpy interpreter",
        "elements": N,
        "tile": TILE,
        "seconds": results,
    }
    out.write_text(json.dumps(record, indent=2) + "\n")
    return results


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=10)
    main(parser.parse_args().repeat)
