"""A validation error raised between submit and wait drops the Pending in the except path."""

from llmserve import kernels as K
from llmserve.host import tiles

import tilert as tr


def serve(prompt_len: int, x: tr.Tensor, out: tr.Tensor) -> bool:
    try:
        pend = K.scale(tiles(out), x, 2.0).submit()  # expect: TC108
        if prompt_len > 4096:
            raise ValueError("prompt too long")
        pend.wait()
        return True
    except ValueError as err:
        print("rejected:", err)
        return False


print(serve(8192, tr.ones((128,)), tr.zeros((128,))))
