"""Polling done() until the work is finished and then reading: done() reports completion but
releases nothing, so the read still meets the op's borrow."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    logits = tr.full((1024,), 2.0, name="logits")
    pending = scale(logits.partition((256,)), 0.5).submit()
    while not pending.done():
        pass
    top = float(logits.to_numpy().max())  # expect: TC102
    pending.wait()
    print(top)


if __name__ == "__main__":
    main()
