"""Two staging slots but a window of two copies in flight: the third copy reuses slot 0."""

from __future__ import annotations

from collections import deque

from llmserve.kernels import copy

import tilert as tr

CHUNK = 256


def main() -> None:
    staging = [tr.zeros((CHUNK,)) for _ in range(2)]
    window: deque[tr.Pending] = deque()
    for i in range(6):
        src = tr.full((CHUNK,), float(i))
        part = staging[i % 2].partition((64,))  # expect: TC102
        window.append(copy(part, src).submit())
        if len(window) > 2:
            window.popleft().wait()
    while window:
        window.popleft().wait()
    print(staging[0].to_numpy()[0])


if __name__ == "__main__":
    main()
