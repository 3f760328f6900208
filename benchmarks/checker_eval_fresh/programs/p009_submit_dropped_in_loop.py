"""Warm-up loop that submits scale ops and keeps only the last Pending: the earlier ones are
dropped without a wait (each dropped Pending is waited by the collector, with a warning)."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    bufs = [tr.ones((256,)) for _ in range(3)]
    last = None
    for b in bufs:
        last = scale(b.partition((64,)), 0.5).submit()  # expect: TC108
    if last is not None:
        last.wait()
    print("warmed up")


if __name__ == "__main__":
    main()
