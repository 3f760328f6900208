from trainkit import TILE, scale

import tilert as tr

groups = {
    "decay": tr.ones((2048,), name="decay_params"),
    "no_decay": tr.ones((512,), name="no_decay_params"),
}
tiles = {name: t.partition((TILE,)) for name, t in groups.items()}


def weight_decay(wd: float) -> None:
    scale(tiles["decay"], 1.0 - wd).sync()  # expect: TC109


for _epoch in range(2):
    weight_decay(0.01)  # expect-also: TC109
print(groups["decay"].to_numpy()[0])
