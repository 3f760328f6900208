"""A base layer and a subclass overriding forward; every launch is synced."""

import tilert as tr
from llm.kernels import relu, scale


class Layer:
    def __init__(self, dim: int) -> None:
        self.act = tr.full((dim,), -2.0)

    def forward(self) -> None:
        scale(self.act.partition((64,)), 0.5).sync()


class ReluLayer(Layer):
    def forward(self) -> None:
        super().forward()
        relu(self.act.partition((64,))).sync()


def main() -> None:
    layers = [Layer(256), ReluLayer(256)]
    for layer in layers:
        layer.forward()
    print([float(layer.act.to_numpy()[0]) for layer in layers])


if __name__ == "__main__":
    main()
