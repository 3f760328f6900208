"""Tokenization on a thread pool overlaps the in-flight layer; the main thread waits."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
from llmserve.kernels import rms_rows

import tilert as tr

ROWS, COLS = 4, 64


def tokenize(text: str) -> list[int]:
    return [ord(c) % 32 for c in text]


def main() -> None:
    x = tr.full((ROWS, COLS), 2.0)
    out = tr.empty((ROWS, COLS))
    pending = rms_rows(out.partition((1, COLS)), x, 1e-6).submit()
    with ThreadPoolExecutor(max_workers=2) as pool:
        ids = list(pool.map(tokenize, ["hello", "world"]))
    pending.wait()
    np.testing.assert_allclose(out.to_numpy(), np.ones((ROWS, COLS)), rtol=1e-4)
    print(ids, out.to_numpy()[0, 0])


if __name__ == "__main__":
    main()
