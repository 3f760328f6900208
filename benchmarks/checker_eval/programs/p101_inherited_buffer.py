"""A subclass launches on a buffer its base class allocates and reads it too early."""

import tilert as tr
from llm.kernels import scale


class Module:
    def __init__(self, dim: int) -> None:
        self.buf = tr.ones((dim,))


class Dropout(Module):
    def forward(self, keep: float) -> float:
        p = scale(self.buf.partition((64,)), 1.0 / keep).submit()
        v = float(self.buf.to_numpy()[0])  # expect: TC102
        p.wait()
        return v


def main() -> None:
    print(Dropout(256).forward(0.9))


if __name__ == "__main__":
    main()
