"""Prefill of a buffer; the caller waits for it."""

from llmreef import fill

import tilert as tr


def reset(buf: tr.Tensor) -> tr.Pending:
    return fill(buf.partition((256,)), 0.0).submit()


kv = tr.ones((2048,))
reset(kv).wait()
print("done", float(kv.to_numpy().sum()))
