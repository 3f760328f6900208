from tilekit import accumulate

import tilert as tr

steps = 5
pos = tr.zeros((2048,), name="pos")
vel = tr.full((2048,), 0.25)

# hoisted out of the loop "for speed"
pos_tiles = pos.partition((256,))
for _ in range(steps):
    accumulate(pos_tiles, vel).sync()  # expect: TC109
print(pos.to_numpy()[:2])
