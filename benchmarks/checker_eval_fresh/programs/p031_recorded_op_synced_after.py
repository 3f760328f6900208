"""The op is recorded in a graph and kept in a name; after the capture it is synced directly as
well (a recorded op belongs to the graph and runs only through its launches)."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    h = tr.ones((256,))
    with tr.graph() as g:
        op = g.record(scale(h.partition((64,)), 2.0))
    g.launch().wait()
    op.sync()  # expect: TC110
    g.close()


if __name__ == "__main__":
    main()
