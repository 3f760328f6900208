"""A streaming class pipelines copies over two slots but logs the slot still being written."""

import tilert as tr
from llm.kernels import copy


class Streamer:
    def __init__(self, n: int) -> None:
        self.outs = [tr.zeros((n,)) for _ in range(2)]
        self.log: list[float] = []

    def run(self, inputs: list[tr.Tensor]) -> None:
        prev = None
        for i, x in enumerate(inputs):
            pend = copy(self.outs[i % 2].partition((64,)), x).submit()
            if prev is not None:
                prev.wait()
            prev = pend
            self.log.append(float(self.outs[i % 2].to_numpy()[0]))  # expect: TC102
        if prev is not None:
            prev.wait()


def main() -> None:
    s = Streamer(256)
    s.run([tr.full((256,), float(i)) for i in range(3)])
    print(s.log)


if __name__ == "__main__":
    main()
