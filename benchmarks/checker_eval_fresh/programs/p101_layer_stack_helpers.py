"""A stack of MLP steps built by the package helper, one chain per layer, each synced before
the next layer reads the hidden state."""

from __future__ import annotations

from llmkit.layers import checksum, mlp_step

import tilert as tr


def main(layers: int = 3) -> None:
    h = tr.zeros((256,), name="h")
    tmps = [tr.empty((256,), name=f"tmp{i}") for i in range(layers)]
    x = tr.ones((256,))
    for tmp in tmps:
        mlp_step(h, tmp, x).sync()
    total = checksum(h)
    print("checksum:", round(total, 3))


if __name__ == "__main__":
    main()
