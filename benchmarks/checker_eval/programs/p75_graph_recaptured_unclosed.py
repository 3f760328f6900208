"""A graph captured anew each step without closing the previous one."""

import tilert as tr
from llm.kernels import scale


def main() -> None:
    h = tr.ones((256,))
    graphs = []
    for step in range(2):
        with tr.graph() as g:
            g.record(scale(h.partition((64,)), 2.0))  # expect: TC102
        g.launch().wait()
        graphs.append(g)
    for g in graphs:
        g.close()
    print(h.to_numpy()[0], step)


if __name__ == "__main__":
    main()
