"""Inside a capture the op is synced instead of recorded."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def main() -> None:
    h = tr.ones((256,))
    with tr.graph() as g:
        op = scale(h.partition((64,)), 2.0)
        op.sync()  # expect: TC111
    g.launch().wait()
    g.close()


if __name__ == "__main__":
    main()
