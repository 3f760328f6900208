"""Partitions prepared once per buffer in a dict, then used in two passes over the dict (the
first pass consumes them)."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    bufs = {"q": tr.ones((256,)), "k": tr.ones((256,))}
    parts = {name: t.partition((64,)) for name, t in bufs.items()}
    for part in parts.values():
        scale(part, 2.0).sync()
    for name in bufs:
        scale(parts[name], 0.5).sync()  # expect: TC109


if __name__ == "__main__":
    main()
