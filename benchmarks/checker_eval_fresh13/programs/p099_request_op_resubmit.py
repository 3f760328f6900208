"""Continuous batching: a finished request is re-admitted and its old op submitted again."""

from dataclasses import dataclass

from llmrig import kernels as K

import tilert as tr


@dataclass
class Request:
    out: tr.Tensor
    op: tr.Op


x = tr.arange(128)
reqs = []
for i in range(2):
    out = tr.zeros(128)
    reqs.append(Request(out, K.scale(out.partition((64,)), x, float(i))))
for r in reqs:
    r.op.submit().wait()
readmitted = reqs[0]
readmitted.op.submit().wait()  # expect: TC110
