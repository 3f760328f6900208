"""A launch prepared with functools.partial over a partition; the buffer is read after it ran."""

from functools import partial

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def main() -> None:
    x = tr.full((192,), 3.0)
    y = tr.zeros((192,), name="y")
    before = float(y.to_numpy().sum())
    launch = partial(K.scale, tiles(y), x)
    launch(2.0).sync()
    assert before == 0.0 and float(y.to_numpy().sum()) == 192 * 6.0


if __name__ == "__main__":
    main()
