"""A chunked fill with a window of copies; the final drain loop leaves one behind."""

from __future__ import annotations

from collections import deque

from llmserve.kernels import fill

import tilert as tr

CHUNK = 128


def fill_chunks(n_chunks: int) -> list[tr.Tensor]:
    chunks = [tr.zeros((CHUNK,)) for _ in range(n_chunks)]
    window: deque[tr.Pending] = deque()
    for i, c in enumerate(chunks):
        window.append(fill(c.partition((64,)), float(i)).submit())  # expect: TC108
        if len(window) > 2:
            window.popleft().wait()
    while len(window) > 1:
        window.popleft().wait()
    return chunks


def main() -> None:
    chunks = fill_chunks(5)
    print("first chunk", chunks[0].to_numpy()[:2])


if __name__ == "__main__":
    main()
