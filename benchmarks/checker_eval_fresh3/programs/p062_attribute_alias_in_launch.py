from llmhost.kernels import add

import tilert as tr


class Block:
    def __init__(self, d: int) -> None:
        self.hidden = tr.zeros((d,), name="hidden")
        self.residual_view = self.hidden  # "the residual stream is the hidden state"
        self.bias = tr.ones((d,))

    def forward(self) -> None:
        add(self.hidden.partition((16,)), self.residual_view, self.bias).sync()  # expect: TC101


blk = Block(64)
blk.forward()  # expect-also
print(blk.hidden.to_numpy()[0])
