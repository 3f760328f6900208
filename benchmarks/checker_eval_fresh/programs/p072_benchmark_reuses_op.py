"""A micro-benchmark that times the same op twice: an op runs once."""

from __future__ import annotations

import time

from llmkit.kernels import scale

import tilert as tr


def bench(op: tr.Op) -> float:
    t0 = time.perf_counter()
    op.sync()
    first = time.perf_counter() - t0
    t0 = time.perf_counter()
    op.submit().wait()  # expect: TC110
    return min(first, time.perf_counter() - t0)


def main() -> None:
    h = tr.ones((1024,))
    print(f"{bench(scale(h.partition((256,)), 1.0)) * 1e3:.3f} ms")


if __name__ == "__main__":
    main()
