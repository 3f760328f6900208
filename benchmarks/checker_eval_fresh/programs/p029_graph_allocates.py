"""A graph capture that allocates its temporary inside the capture (allocations are refused
while capturing: make the workspace first)."""

from __future__ import annotations

from llmkit.kernels import copy, silu

import tilert as tr


def main() -> None:
    x = tr.ones((256,))
    out = tr.zeros((256,))
    with tr.graph() as g:
        tmp = tr.empty((256,))  # expect: TC111
        g.record(silu(tmp.partition((64,)), x))
        g.record(copy(out.partition((64,)), tmp))
    g.launch().wait()
    g.close()


if __name__ == "__main__":
    main()
