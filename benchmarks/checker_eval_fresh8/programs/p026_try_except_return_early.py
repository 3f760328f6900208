"""A request handler validates the prompt after submitting its embedding copy, and on a bad
prompt returns from the except clause without waiting."""

from llmweave.kernels import copy

import tilert as tr


def handle(prompt: list[int], buf: tr.Tensor, src: tr.Tensor) -> str:
    try:
        pending = copy(buf.partition((16,)), src).submit()  # expect: TC108
        if not prompt:
            raise ValueError("empty prompt")
        pending.wait()
    except ValueError:
        return "rejected"
    return "ok"


buf, src = tr.zeros((64,)), tr.ones((64,))
print(handle([1, 2], buf, src))
print(handle([], buf, src))  # expect-also
