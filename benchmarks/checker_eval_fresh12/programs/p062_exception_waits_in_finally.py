"""A validation error raised between submit and wait; the wait is in `finally`."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def serve(prompt_len: int, x: tr.Tensor, out: tr.Tensor) -> bool:
    pend = K.scale(tiles(out), x, 2.0).submit()
    try:
        if prompt_len > 4096:
            raise ValueError("prompt too long")
        return True
    except ValueError:
        return False
    finally:
        pend.wait()


out = tr.zeros((128,))
assert serve(8192, tr.ones((128,)), out) is False
assert float(out.to_numpy()[0]) == 2.0
