import numpy as np
from llmfjord import gelu_tanh

import tilert as tr


def start_activation(out: tr.Tensor, x: tr.Tensor, block: int = 256) -> tr.Pending:
    """Kick off out = gelu(x) on the current stream and hand back the Pending."""
    return gelu_tanh(out.partition((block,)), x).submit()


def main() -> None:
    n = 4096
    x = tr.from_numpy(np.linspace(-3, 3, n, dtype=np.float32))
    y = tr.empty((n,), name="activations")
    pending = start_activation(y, x)
    pending.wait()
    print("mean activation:", float(y.to_numpy().mean()))


if __name__ == "__main__":
    main()
