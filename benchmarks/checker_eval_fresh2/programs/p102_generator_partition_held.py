"""A generator hands out partitions; the consumer looks at the buffer before launching."""

from __future__ import annotations

from collections.abc import Iterator

from llmserve.kernels import fill

import tilert as tr

N = 256


def tiles(bufs: list[tr.Tensor]) -> Iterator[tr.Partition]:
    for b in bufs:
        yield b.partition((64,))


def main() -> None:
    bufs = [tr.zeros((N,)) for _ in range(3)]
    for i, part in enumerate(tiles(bufs)):
        print("before", i, bufs[i].to_numpy()[0])  # expect: TC104
        fill(part, float(i)).sync()


if __name__ == "__main__":
    main()
