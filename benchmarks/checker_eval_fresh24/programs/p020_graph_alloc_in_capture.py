"""Decode loop with a captured step; the step's scratch buffer is made inside the capture."""

import numpy as np
from llmbasin import add_, scale

import tilert as tr

D = 1024


class DecodeStep:
    def __init__(self, state: tr.Tensor) -> None:
        self.state = state
        self.graph: tr.Graph | None = None

    def capture(self) -> None:
        with tr.graph() as g:
            tmp = tr.empty((D,), name="tmp")  # expect: TC111
            g.record(scale(tmp.partition((256,)), self.state, 0.1))
            g.record(add_(self.state.partition((256,)), tmp))
        self.graph = g

    def run(self, steps: int) -> None:
        assert self.graph is not None
        for _ in range(steps):
            self.graph.launch().wait()


def main() -> None:
    step = DecodeStep(tr.from_numpy(np.ones(D, dtype=np.float32)))
    step.capture()  # expect-also: TC111
    step.run(8)


if __name__ == "__main__":
    main()
