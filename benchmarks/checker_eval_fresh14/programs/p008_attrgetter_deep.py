"""An engine's head output read through `operator.attrgetter("model.head.out")` mid-step."""

from dataclasses import dataclass, field
from operator import attrgetter

import numpy as np
from llmtide import kernels as K
from llmtide.host import tiles

import tilert as tr


@dataclass
class Head:
    out: tr.Tensor = field(default_factory=lambda: tr.zeros((48,), name="head.out"))


@dataclass
class Model:
    head: Head = field(default_factory=Head)


@dataclass
class Engine:
    model: Model = field(default_factory=Model)


engine = Engine()
hidden = tr.from_numpy(np.arange(48, dtype=np.float32))
get_out = attrgetter("model.head.out")
running = K.scale(tiles(engine.model.head.out), hidden, 0.1).submit()
top = int(np.argmax(get_out(engine).to_numpy()))  # expect: TC102
running.wait()
print(top)
