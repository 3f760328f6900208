"""Worker threads, each owning its request's buffer, launch and sync their own work."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from llmkit.kernels import axpy

import tilert as tr


def work(rid: int, x: tr.Tensor) -> float:
    out = tr.zeros((256,), name=f"out{rid}")
    axpy(out.partition((64,)), x, float(rid)).sync()
    return float(out.to_numpy()[0])


def main() -> None:
    x = tr.ones((256,))
    with ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(work, range(4), [x] * 4))
    assert results == [0.0, 1.0, 2.0, 3.0], results
    print("threads:", results)


if __name__ == "__main__":
    main()
