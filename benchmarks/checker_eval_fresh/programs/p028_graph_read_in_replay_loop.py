"""Replaying a captured graph and printing the state after each replay: waiting on a replay
does not release the graph's borrows, only close() does."""

from __future__ import annotations

from llmkit.kernels import axpy

import tilert as tr


def main() -> None:
    h = tr.zeros((256,), name="h")
    step = tr.ones((256,))
    with tr.graph() as g:
        g.record(axpy(h.partition((64,)), step, 1.0))
    for i in range(3):
        g.launch().wait()
        print(i, h.to_numpy()[0])  # expect: TC102
    g.close()


if __name__ == "__main__":
    main()
