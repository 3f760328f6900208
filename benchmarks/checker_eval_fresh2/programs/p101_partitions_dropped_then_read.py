"""Partitions prepared for a batch are dropped when the batch is cancelled; then inspected."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

N = 256


def main() -> None:
    bufs = {name: tr.zeros((N,), name=name) for name in ("q", "k", "v")}
    parts = {name: t.partition((64,)) for name, t in bufs.items()}
    cancelled = True
    if cancelled:
        parts.clear()
    print({name: float(t.to_numpy()[0]) for name, t in bufs.items()})
    fill(bufs["q"].partition((64,)), 1.0).sync()
    print(bufs["q"].to_numpy()[0])


if __name__ == "__main__":
    main()
