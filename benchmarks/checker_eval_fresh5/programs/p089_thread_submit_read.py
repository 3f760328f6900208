"""A worker thread submits the projection and hands back the output tensor; the main thread
reads it without the Pending."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from llmdeck.kernels import scale

import tilert as tr

N = 64
pendings: list[tr.Pending] = []


def project(x: tr.Tensor) -> tr.Tensor:
    out = tr.zeros((N,))
    pendings.append(scale(out.partition((16,)), x, 2.0).submit())
    return out


with ThreadPoolExecutor(max_workers=2) as pool:
    future = pool.submit(project, tr.arange(N))
    out = future.result()
print(out.to_numpy()[:4])  # expect: TC102
for p in pendings:
    p.wait()
