"""At most two copies in flight: a deque of (buffer, pending); the oldest is waited and read
when the window is full."""

from __future__ import annotations

from collections import deque

from llmkit.kernels import copy

import tilert as tr


def main(steps: int = 6, window: int = 2) -> None:
    inflight: deque[tuple[tr.Tensor, tr.Pending]] = deque()
    seen = []
    for s in range(steps):
        out = tr.empty((256,), name=f"out{s}")
        inflight.append((out, copy(out.partition((64,)), tr.full((256,), float(s))).submit()))
        if len(inflight) > window:
            done, pending = inflight.popleft()
            pending.wait()
            seen.append(float(done.to_numpy()[0]))
    while inflight:
        done, pending = inflight.popleft()
        pending.wait()
        seen.append(float(done.to_numpy()[0]))
    assert seen == [float(s) for s in range(steps)], seen
    print("window drained:", seen)


if __name__ == "__main__":
    main()
