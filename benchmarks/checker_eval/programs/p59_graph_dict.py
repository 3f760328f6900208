"""Graphs kept in a dict by phase, replayed per step, closed before the read."""

import tilert as tr
from llm.kernels import axpy, scale


def main() -> None:
    h = tr.ones((256,))
    x = tr.full((256,), 0.5)
    graphs = {}
    with tr.graph() as g_attn:
        g_attn.record(axpy(h.partition((64,)), x, 1.0))
    graphs["attn"] = g_attn
    for step in range(3):
        graphs["attn"].launch().wait()
    graphs["attn"].close()
    scale(h.partition((64,)), 0.5).sync()
    print(h.to_numpy()[0], step)


if __name__ == "__main__":
    main()
