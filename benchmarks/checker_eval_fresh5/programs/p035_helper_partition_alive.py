from llmdeck.kernels import scale

import tilert as tr

N = 64


def output_tiles(t, tile=16):
    return t.partition((tile,))


y = tr.zeros((N,))
x = tr.arange(N)
tiles = output_tiles(y)
print("before:", y.to_numpy().sum())  # expect: TC104
scale(tiles, x, 2.0).sync()
