from __future__ import annotations

from llmhost.kernels import scale

import tilert as tr


class Stage:
    def __init__(self) -> None:
        self.out = tr.zeros((64,))
        self.pending: tr.Pending | None = None

    def start(self, x: tr.Tensor) -> None:
        self.pending = scale(self.out.partition((16,)), x, 2.0).submit()

    def finish(self) -> None:
        if self.pending is not None:
            self.pending.wait()
            self.pending = None


class LoggedStage(Stage):
    def __init__(self) -> None:
        super().__init__()
        self.log: list[float] = []

    def finish(self) -> None:
        super().finish()
        self.log.append(float(self.out.to_numpy().sum()))


st = LoggedStage()
for _ in range(2):
    st.start(tr.ones((64,)))
    st.finish()
assert st.log == [128.0, 128.0]
print("stage ok")
