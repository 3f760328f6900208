"""A decode loop: per layer attention and MLP blocks, a KV cache per layer, graphs per step."""

import tilert as tr
from llm.kernels import add, axpy, mul, relu


class AttentionBlock:
    def __init__(self, dim: int) -> None:
        self.wq = tr.full((dim,), 0.5)
        self.scores = tr.zeros((dim,))

    def __call__(self, x: tr.Tensor, k_cache: tr.Tensor) -> tr.Pending:
        return mul(self.scores.partition((64,)), x, self.wq).then(
            lambda s, *_: axpy(s, k_cache, 0.1)
        ).submit()


class MLPBlock:
    def __init__(self, dim: int) -> None:
        self.out = tr.zeros((dim,))

    def __call__(self, h: tr.Tensor, x: tr.Tensor) -> None:
        add(self.out.partition((64,)), h, x).then(lambda o, *_: relu(o)).sync()


def main(layers: int = 2, dim: int = 256, steps: int = 3) -> None:
    kv = [[tr.full((dim,), float(layer)), tr.zeros((dim,))] for layer in range(layers)]
    attn = [AttentionBlock(dim) for _ in range(layers)]
    mlp = [MLPBlock(dim) for _ in range(layers)]
    x = tr.ones((dim,))
    for _ in range(steps):
        h = x
        for layer in range(layers):
            k_cache, v_cache = kv[layer]
            pend = attn[layer](h, k_cache)
            pend.wait()
            mlp[layer](attn[layer].scores, h)
            axpy(v_cache.partition((64,)), mlp[layer].out, 1.0).sync()
            h = mlp[layer].out
    print([float(v.to_numpy()[0]) for _, v in kv])


if __name__ == "__main__":
    main()
