"""Decode loop with a captured step; the scratch buffer is allocated before the capture."""

import numpy as np
from llmbasin import add_, scale

import tilert as tr

D = 1024


class DecodeStep:
    def __init__(self, state: tr.Tensor) -> None:
        self.state = state
        self.tmp = tr.empty((D,), name="tmp")
        self.graph: tr.Graph | None = None

    def capture(self) -> None:
        with tr.graph() as g:
            g.record(scale(self.tmp.partition((256,)), self.state, 0.1))
            g.record(add_(self.state.partition((256,)), self.tmp))
        self.graph = g

    def run(self, steps: int) -> None:
        assert self.graph is not None
        for _ in range(steps):
            self.graph.launch().wait()

    def close(self) -> np.ndarray:
        assert self.graph is not None
        self.graph.close()
        return self.state.to_numpy()


def main() -> None:
    step = DecodeStep(tr.from_numpy(np.ones(D, dtype=np.float32)))
    step.capture()
    step.run(8)
    print(step.close()[:3])


if __name__ == "__main__":
    main()
