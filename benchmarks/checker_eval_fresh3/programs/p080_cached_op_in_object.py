from llmhost.kernels import matvec

import tilert as tr


class Projection:
    def __init__(self, d: int) -> None:
        self.w = tr.ones((d, d))
        self.x = tr.ones((d,))
        self.y = tr.zeros((d,))
        self._op = matvec(self.y.partition((16,)), self.w, self.x, 16)

    def run(self) -> tr.Tensor:
        self._op.sync()  # expect: TC110
        return self.y


proj = Projection(64)
proj.run()
proj.run()  # expect-also
