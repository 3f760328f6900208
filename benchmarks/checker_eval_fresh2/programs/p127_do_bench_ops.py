"""Timing a kernel with tr.testing.do_bench, each run a fresh op."""

from __future__ import annotations

from llmserve.kernels import scale

import tilert as tr
import tilert.testing

N = 1024


def main() -> None:
    h = tr.ones((N,))
    ms = tilert.testing.do_bench(lambda: scale(h.partition((256,)), 1.0), warmup=1, rep=5)
    assert isinstance(ms, float)
    print(f"scale: {ms:.3f} ms", h.to_numpy()[0])


if __name__ == "__main__":
    main()
