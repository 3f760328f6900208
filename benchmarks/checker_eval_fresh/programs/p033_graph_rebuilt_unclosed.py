"""A helper captures the decode graph; a config change rebuilds it without closing the old one,
which still holds the hidden state."""

from __future__ import annotations

from llmkit.kernels import scale

import tilert as tr


def capture(h: tr.Tensor, factor: float) -> tr.Graph:
    with tr.graph() as g:
        g.record(scale(h.partition((64,)), factor))  # expect: TC102
    return g


def main() -> None:
    h = tr.ones((256,), name="h")
    g = capture(h, 2.0)
    g.launch().wait()
    g = capture(h, 0.5)  # expect-also
    g.launch().wait()
    g.close()


if __name__ == "__main__":
    main()
