"""A launch prepared with functools.partial over a partition; the buffer is read before the
partial is called."""

from functools import partial

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def main() -> None:
    x = tr.full((192,), 3.0)
    y = tr.zeros((192,), name="y")
    launch = partial(K.scale, tiles(y), x)
    print("y before:", y.to_numpy().sum())  # expect: TC104
    launch(2.0).sync()


if __name__ == "__main__":
    main()
