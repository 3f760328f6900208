from llmhost.kernels import scale

import tilert as tr


def build_graph(x: tr.Tensor, y: tr.Tensor) -> tr.Graph:
    with tr.graph() as g:
        g.record(scale(y.partition((16,)), x, 2.0))
        half = x.astype(tr.f16)  # expect: TC111
        print(half.dtype)
    return g


x, y = tr.ones((64,)), tr.zeros((64,))
graph = build_graph(x, y)  # expect-also
graph.launch().wait()
graph.close()
