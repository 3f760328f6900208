"""Generation state as a dataclass; partitions for the step are prepared up front."""

from dataclasses import dataclass, field

import numpy as np
from llmbasin import add, relu

import tilert as tr

D = 1024


@dataclass
class GenState:
    hidden: tr.Tensor = field(default_factory=lambda: tr.zeros((D,), name="hidden"))
    act: tr.Tensor = field(default_factory=lambda: tr.zeros((D,), name="act"))
    step: int = 0


def run_step(state: GenState, x: tr.Tensor) -> float:
    hidden_p = state.hidden.partition((256,))
    act_p = state.act.partition((256,))
    add(hidden_p, x, x).sync()
    relu(act_p, state.hidden).sync()
    state.step += 1
    return float(state.act.to_numpy().sum())


def run_step_logged(state: GenState, x: tr.Tensor) -> float:
    hidden_p = state.hidden.partition((256,))
    act_p = state.act.partition((256,))
    add(hidden_p, x, x).sync()
    print("act before", float(state.act.to_numpy().sum()))  # expect: TC104
    relu(act_p, state.hidden).sync()
    state.step += 1
    return float(state.act.to_numpy().sum())


def main() -> None:
    state = GenState()
    x = tr.from_numpy(np.linspace(-1, 1, D, dtype=np.float32))
    print(run_step(state, x))
    print(run_step_logged(state, x))  # expect-also: TC104


if __name__ == "__main__":
    main()
