"""What the host analysis knows of tilert's API, by canonical name (see ``tilecheck.names``)."""

from __future__ import annotations

# Calls that make a new tensor; the value is the position of the shape argument (None: rank 1
# or unknown from the syntax).
TENSOR_FACTORIES: dict[str, int | None] = {
    "tilert.empty": 0,
    "tilert.zeros": 0,
    "tilert.ones": 0,
    "tilert.full": 0,
    "tilert.arange": None,
    "tilert.from_numpy": None,
    "tilert.from_dlpack": None,
}
RANK_ONE_FACTORIES = frozenset({"tilert.arange"})
# What allocates whatever its argument (refused while a graph is captured); ``from_dlpack``
# allocates unless it is given a tilert tensor (then it returns it).
ALLOCATORS = frozenset(
    {
        "tilert.empty",
        "tilert.zeros",
        "tilert.ones",
        "tilert.full",
        "tilert.arange",
        "tilert.from_numpy",
    }
)
FROM_DLPACK = "tilert.from_dlpack"
STREAM_MAKERS = frozenset({"tilert.Stream", "tilert.current_stream"})
ZIP = "tilert.zip"
GRAPH = "tilert.graph"
TENSOR_TYPE = "tilert.Tensor"
PARTITION_TYPE = "tilert.Partition"
GRAPH_TYPE = "tilert.Graph"

# Always readable, whatever borrows the tensor (as at run time).
TENSOR_METADATA = frozenset(
    {
        "shape",
        "dtype",
        "strides",
        "device",
        "ndim",
        "size",
        "nbytes",
        "name",
        "created_at",
        "describe",
        "__class__",
    }
)
TENSOR_WRITES = frozenset({"copy_from"})
# Views of a tensor (``y[0]`` and ``y.T`` too): tensors over its memory, borrowed by region.
TENSOR_VIEWS = frozenset({"reshape", "permute", "transpose", "view", "__getitem__"})
PARTITION_METADATA = frozenset(
    {"grid", "tile_shape", "num_tiles", "mapping", "consumed_at", "describe", "__class__"}
)

# Builtins that look at an object without keeping it: passing an op to them is no escape.
INSPECTING_BUILTINS = frozenset(
    {
        "builtins.print",
        "builtins.repr",
        "builtins.str",
        "builtins.isinstance",
        "builtins.type",
        "builtins.id",
        "builtins.hash",
        "builtins.format",
        "builtins.bool",
    }
)
# Foreign readers of a tensor's data: a host read.
HOST_READERS = frozenset({"numpy.asarray", "numpy.array", "numpy.asanyarray"})

MAX_PARTITION_RANK = 3
