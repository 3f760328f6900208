from llmhost.kernels import matvec

import tilert as tr

D = 64


def project(y: tr.Tensor, w: tr.Tensor, x: tr.Tensor) -> None:
    y_tiles, w_tiles = y.partition((16,)), w.partition((16, D))
    matvec(y_tiles, w_tiles, x, 16).sync()  # expect: TC106


out = tr.zeros((D,))
project(out, tr.ones((D, D)), tr.ones((D,)))  # expect-also
print(out.to_numpy()[0])
