"""Per-layer graphs whose capture allocates a scratch buffer."""

import tilert as tr
from llm.kernels import add


def main() -> None:
    x = tr.ones((256,))
    outs = [tr.zeros((256,)) for _ in range(2)]
    graphs = []
    for out in outs:
        with tr.graph() as g:
            scratch = tr.zeros((256,))  # expect: TC111
            g.record(add(out.partition((64,)), x, scratch))
        graphs.append(g)
    for g in graphs:
        g.launch().wait()
        g.close()


if __name__ == "__main__":
    main()
