from llmhost.kernels import scale

import tilert as tr


class Bank:
    def __init__(self, n_bufs: int) -> None:
        self.bufs = [tr.zeros((64,)) for _ in range(n_bufs)]
        self.parts = [b.partition((16,)) for b in self.bufs]

    def checksum(self) -> float:
        return float(sum(b.to_numpy().sum() for b in self.bufs))  # expect: TC104

    def run(self, x: tr.Tensor) -> None:
        for i, part in enumerate(self.parts):
            scale(part, x, float(i)).sync()
        self.parts = []


bank = Bank(2)
print("initial", bank.checksum())  # expect-also
bank.run(tr.ones((64,)))
