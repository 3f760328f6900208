"""Two layers of helpers around a submit; the caller reads the layer before waiting."""

import tilert as tr
from llm.kernels import scale


def _launch(t: tr.Tensor, a: float) -> tr.Pending:
    return scale(t.partition((64,)), a).submit()


def launch_layer(t: tr.Tensor) -> tr.Pending:
    return _launch(t, 0.5)


def main() -> None:
    layer = tr.full((256,), 8.0)
    pend = launch_layer(layer)
    norm = float(layer.to_numpy().sum())  # expect: TC102
    pend.wait()
    print(norm)


if __name__ == "__main__":
    main()
