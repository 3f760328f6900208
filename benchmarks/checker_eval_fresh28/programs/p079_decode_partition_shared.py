"""Greedy decode loop; the hidden state is handed to the next layer as its partition."""

from llmdelta import add, relu

import tilert as tr


def decode_step(hidden, bias, scratch):
    h_tiles = hidden.partition((64,))
    add(scratch.partition((64,)), h_tiles, bias).sync()  # expect: TC106
    relu(hidden.partition((64,)), scratch).sync()


hidden = tr.full((256,), 0.5)
bias = tr.full((256,), -0.1)
scratch = tr.zeros((256,))
for _ in range(3):
    decode_step(hidden, bias, scratch)  # expect-also: TC106
print(hidden.to_numpy()[0])
