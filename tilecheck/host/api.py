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
FORCE_RELEASE = "tilert.unsafe.force_release"  # drops the borrows of the tensor given
# Arrays made by these libraries' functions are no tilert tensors nor partitions.
ARRAY_LIBRARIES = frozenset({"numpy", "torch", "cupy", "jax"})
STREAM_MAKERS = frozenset({"tilert.Stream", "tilert.current_stream"})
STREAM_TYPE = "tilert.Stream"  # a parameter annotated so is a stream
ZIP = "tilert.zip"
GRAPH = "tilert.graph"
# ``functools.partial(kernel, t.partition(s), ...)`` keeps the partitions it binds alive.
PARTIAL = "functools.partial"
REDUCE = "functools.reduce"
TENSOR_TYPE = "tilert.Tensor"
# Annotations of containers (``list[Tensor]``: a parameter holding tensors).
CONTAINER_TYPES = frozenset(
    {
        *(f"builtins.{n}" for n in ("list", "tuple", "dict", "set", "frozenset")),
        *(f"typing.{n}" for n in ("List", "Tuple", "Dict", "Sequence", "Mapping", "Iterable")),
        *(f"collections.abc.{n}" for n in ("Sequence", "Mapping", "Iterable", "Collection")),
    }
)
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
        # tilert's runtime reads no data for these (``Tensor.is_contiguous`` and ``.base`` look
        # at the view's region, ``__dlpack_device__`` at the storage): no borrow is checked
        "is_contiguous",
        "base",
        "__dlpack_device__",
    }
)
TENSOR_WRITES = frozenset({"copy_from"})
# Exports of a tensor's memory to another framework (DLPack, the CUDA array interface):
# tilert's runtime checks them as host writes (``check_host_write``: the importer may write
# the memory), refused while an op reads or writes the tensor (round 34A).
TENSOR_EXPORTS = frozenset({"__dlpack__", "__cuda_array_interface__"})
TENSOR_HOST_WRITES = TENSOR_WRITES | TENSOR_EXPORTS
# Other libraries' DLPack importers: ``np.from_dlpack(t)`` calls ``t.__dlpack__()``.
DLPACK_IMPORTERS = frozenset(
    {
        "numpy.from_dlpack",
        "torch.from_dlpack",
        "torch.utils.dlpack.from_dlpack",
        "cupy.from_dlpack",
        "jax.dlpack.from_dlpack",
    }
)
# Methods that make a new tensor, converted by a kernel (refused while a graph is captured).
TENSOR_CONVERSIONS = frozenset({"astype"})
# Views of a tensor (``y[0]`` and ``y.T`` too): tensors over its memory, borrowed by region.
TENSOR_VIEWS = frozenset({"reshape", "permute", "transpose", "view", "__getitem__"})
PARTITION_METADATA = frozenset(
    {"grid", "tile_shape", "num_tiles", "mapping", "consumed_at", "describe", "__class__"}
)

# Methods that run or release an op, a Pending or a graph: given away unrun (``p.wait``), they
# take the object along.
RUNNING_METHODS = frozenset({"wait", "sync", "sync_on", "submit", "then", "launch", "close"})
# Methods of an op, a Pending or a graph that a tensor lacks: a receiver that may be a tensor or
# one of those (an unpacked ``(tensor, pending)`` pair) is not the tensor when it calls them.
HOLDER_METHODS = RUNNING_METHODS | frozenset({"done", "record"})
# Methods of a Pending that only look at it: ``p.done()`` asks, it neither waits nor keeps ``p``.
POLLING_METHODS = frozenset({"done"})

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
# numpy's functions that take an array_like convert it (``Tensor.__array__``: a host read),
# all but those that ask an object its shape or kind without its data (round 29N).
_NUMPY_SHAPES = frozenset(
    {
        "numpy.shape",
        "numpy.ndim",
        "numpy.size",
        "numpy.isscalar",
        "numpy.iterable",
        "numpy.dtype",
        "numpy.result_type",
        "numpy.min_scalar_type",
        "numpy.can_cast",
        "numpy.issubdtype",
    }
)


def host_reader(canonical: str | None) -> bool:
    """``np.asarray(t)``, ``np.argmax(t)``, ``np.stack([a, b])``: a numpy call, which converts
    its array_like arguments (a tilert tensor's data read on the host); a DLPack importer
    (``np.from_dlpack(t)``, ``torch.from_dlpack(t)``) exports them, a host write."""
    return canonical is not None and (
        (canonical.startswith("numpy.") and canonical not in _NUMPY_SHAPES)
        or canonical in DLPACK_IMPORTERS
    )


def host_writer(canonical: str | None) -> bool:
    """A ``host_reader`` call that writes the tensors it is given (exports their memory)."""
    return canonical in DLPACK_IMPORTERS


MAX_PARTITION_RANK = 3
