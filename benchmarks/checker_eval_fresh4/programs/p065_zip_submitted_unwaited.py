from llmrun.kernels import fill

import tilert as tr


def init_caches(k: tr.Tensor, v: tr.Tensor) -> None:
    tr.zip(fill(k.partition((16,)), 0.0), fill(v.partition((16,)), 0.0)).submit()  # expect: TC108


k, v = tr.ones((64,)), tr.ones((64,))
init_caches(k, v)  # expect-also
