"""A generator streams filled chunks; it waits for each chunk after the consumer resumes it."""

from __future__ import annotations

from collections.abc import Iterator

from llmserve.kernels import fill

import tilert as tr

CHUNKS = 3


def stream_chunks() -> Iterator[tr.Tensor]:
    for i in range(CHUNKS):
        chunk = tr.empty((256,))
        pending = fill(chunk.partition((64,)), float(i)).submit()
        yield chunk
        pending.wait()


def main() -> None:
    total = 0.0
    for chunk in stream_chunks():
        total += float(chunk.to_numpy().sum())  # expect: TC102
    print(total)


if __name__ == "__main__":
    main()
