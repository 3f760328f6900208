"""A training loop that captures, replays and closes a graph each step, then reads the loss."""

import tilert as tr
from llm.kernels import axpy, scale


def main(steps: int = 3) -> None:
    loss = tr.ones((256,))
    grad = tr.full((256,), 0.5)
    history = []
    for _step in range(steps):
        with tr.graph() as g:
            g.record(axpy(loss.partition((64,)), grad, -1.0))
            g.record(scale(loss.partition((64,)), 0.9))
        g.launch().wait()
        g.close()
        history.append(float(loss.to_numpy().mean()))
    print(history)


if __name__ == "__main__":
    main()
