"""A block whose `view` attribute is its hidden state; the update reads what it writes."""

import tilert as tr
from llm.kernels import add


class Block:
    def __init__(self, dim: int) -> None:
        self.hidden = tr.ones((dim,))
        self.view = self.hidden
        self.bias = tr.full((dim,), 0.5)

    def update(self) -> None:
        add(self.hidden.partition((64,)), self.view, self.bias).sync()  # expect: TC101


def main() -> None:
    b = Block(256)
    b.update()
    print(b.hidden.to_numpy()[0])


if __name__ == "__main__":
    main()
