"""do_bench-style timing helper; the closure partitions on every call."""

import time

import numpy as np
from llmbasin import add

import tilert as tr


def do_bench(fn, warmup: int = 2, rep: int = 10) -> float:
    for _ in range(warmup):
        fn()
    t0 = time.perf_counter()
    for _ in range(rep):
        fn()
    return (time.perf_counter() - t0) / rep * 1e3


def main() -> None:
    n = 1 << 15
    a = tr.ones((n,))
    b = tr.full((n,), 3.0)
    out = tr.empty((n,))

    def run() -> None:
        add(out.partition((2048,)), a, b).sync()

    ms = do_bench(run)
    assert np.allclose(out.to_numpy(), 4.0)
    print(f"add: {ms:.3f} ms")


if __name__ == "__main__":
    main()
