"""Warm the output buffers with a fire-and-forget launch from a helper."""

import numpy as np
from llmbasin import fill, scale

import tilert as tr

N = 2048


def clear(buf: tr.Tensor) -> None:
    """Zero `buf` asynchronously (the caller's next launch is ordered after it)."""
    fill(buf.partition((512,)), 0.0).submit()  # expect: TC108


def main() -> None:
    x = tr.from_numpy(np.ones(N, dtype=np.float32))
    out = tr.empty((N,), name="out")
    clear(out)  # expect-also: TC108
    scale(out.partition((512,)), x, 3.0).sync()
    print(out.to_numpy()[:2])


if __name__ == "__main__":
    main()
