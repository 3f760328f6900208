"""Decode: each step writes cache row `pos` and reads the prefix up to and including it."""

from __future__ import annotations

from llmserve.kernels import fill

import tilert as tr

SEQ, DIM = 8, 64


def main() -> None:
    cache = tr.zeros((SEQ, DIM), name="cache")
    prev: tr.Pending | None = None
    history = []
    for pos in range(SEQ):
        p = fill(cache[pos].partition((DIM,)), float(pos + 1)).submit()
        if prev is not None:
            prev.wait()
        history.append(float(cache[: pos + 1].to_numpy().sum()))  # expect: TC102
        prev = p
    if prev is not None:
        prev.wait()
    print(history)


if __name__ == "__main__":
    main()
