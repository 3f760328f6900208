"""Replaying a graph in a loop and reading the tensor it holds before closing it."""

import tilert as tr
from llm.kernels import relu, residual


def main() -> None:
    h = tr.ones((256,))
    delta = tr.full((256,), 0.25)
    with tr.graph() as g:
        g.record(residual(h.partition((64,)), delta))
        g.record(relu(h.partition((64,))))
    for _ in range(3):
        g.launch().wait()
        print(h.to_numpy()[0])  # expect: TC102
    g.close()


if __name__ == "__main__":
    main()
