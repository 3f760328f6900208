"""One graph per layer, captured in a loop, replayed, then all closed before reading."""

import tilert as tr
from llm.kernels import relu, residual


def main(layers: int = 3) -> None:
    hidden = [tr.ones((256,)) for _ in range(layers)]
    delta = tr.full((256,), 0.5)
    graphs = []
    for h in hidden:
        with tr.graph() as g:
            g.record(residual(h.partition((64,)), delta))
            g.record(relu(h.partition((64,))))
        graphs.append(g)
    for _ in range(2):
        for g in graphs:
            g.launch().wait()
    for g in graphs:
        g.close()
    print([float(h.to_numpy()[0]) for h in hidden])


if __name__ == "__main__":
    main()
