"""The producer op is built but not yet submitted when the consumer is built to read its output
(a reader of an op that is on no stream yet is refused)."""

from __future__ import annotations

from llmkit.kernels import copy, silu

import tilert as tr


def main() -> None:
    x = tr.ones((256,), name="x")
    act = tr.zeros((256,), name="act")
    out = tr.zeros((256,), name="out")
    produce = silu(act.partition((64,)), x)
    consume = copy(out.partition((64,)), act)  # expect: TC102
    produce.sync()
    consume.sync()


if __name__ == "__main__":
    main()
