"""The values the tile-type inference gives kernel expressions: tiles with a shape and a dtype,
Python scalars, tuples of ints (shapes), dtypes and tensor parameters.

A dimension is known up to named constants (``Dim``): ``64``, ``bm``, ``2*bk``, ``bm*bk``, a
number times a product of symbols. A symbol is a value fixed for one compilation of the kernel
(a ``Const`` parameter, ``z.tile_shape[0]``, a module constant) but unknown without a launch.
Two dimensions are *different* only when that is certain: ``64`` and ``32``, or ``bk`` and
``2*bk`` (a tile dimension is a positive power of two, so a symbol is never 0); ``bm`` and
``bn`` may be equal. Anything not known is None, and the rules say nothing about it."""

from __future__ import annotations

from collections.abc import Mapping

from tilecheck.frozen import frozen

Labels = Mapping[str, str]  # a symbol's key -> how hover text and messages name it


@frozen
class Dim:
    """``coeff`` times the product of ``symbols`` (sorted keys); with ``or_one``, either that
    or 1 (a mask that is ``(1, bn)`` on one path and ``(bm, bn)`` on another still broadcasts
    to ``(bm, bn)``)."""

    coeff: int
    symbols: tuple[str, ...] = ()
    or_one: bool = False

    @staticmethod
    def of(value: int) -> Dim:
        return Dim(value)

    @staticmethod
    def symbol(key: str) -> Dim:
        return Dim(1, (key,))

    @property
    def value(self) -> int | None:
        return None if self.symbols or self.or_one else self.coeff

    @property
    def is_one(self) -> bool:
        return self == _ONE

    @property
    def exact(self) -> Dim:
        """The dimension without its "or 1"."""
        return Dim(self.coeff, self.symbols) if self.or_one else self

    def times(self, other: Dim) -> Dim | None:
        if self.or_one or other.or_one:
            return None
        return Dim(self.coeff * other.coeff, tuple(sorted(self.symbols + other.symbols)))

    def differs(self, other: Dim) -> bool:
        """Certainly not equal (see the module docstring)."""
        if self.or_one or other.or_one:
            return False
        return self.symbols == other.symbols and self.coeff != other.coeff

    def show(self, labels: Labels) -> str:
        names = [labels.get(s, s) for s in self.symbols]
        text = "*".join(([str(self.coeff)] if self.coeff != 1 or not names else []) + names)
        return f"1|{text}" if self.or_one else text


_ONE = Dim(1)


def join_dims(a: Dim | None, b: Dim | None) -> Dim | None:
    """A dimension that is ``a`` on some paths and ``b`` on others."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    if a.is_one or b.is_one or a.exact == b.exact:
        other = b if a.is_one else a
        return Dim(other.coeff, other.symbols, or_one=True)
    return None


Dims = tuple[Dim | None, ...]


@frozen
class ShapeOf:
    """The whole of a tensor parameter's ``tile_shape`` or ``shape``, rank unknown until a
    launch says it (``z.load()`` is a tile of shape ``ShapeOf("z", "tile_shape")``)."""

    param: str
    attribute: str  # "tile_shape" or "shape"

    def element(self, index: int) -> Dim:
        return Dim.symbol(f"{self.param}.{self.attribute}[{index}]")


Shape = Dims | ShapeOf


@frozen
class TileType:
    """A tile (0-d included), strongly typed: ``shape`` and ``dtype`` None where unknown."""

    shape: Shape | None
    dtype: str | None


@frozen
class ScalarType:
    """A Python scalar, weakly typed: it adopts a tile's dtype (``kind`` "b", "i" or "f").
    ``weak`` None: a Python int or an i32 0-d tile, whichever the backend makes it (a
    ``range`` loop variable, ``x.shape[0]``). ``value``: an int's value, as a dimension."""

    kind: str
    value: Dim | None = None
    weak: bool | None = True


@frozen
class ShapeType:
    """A tuple of ints known as a shape: ``z.tile_shape``, ``x.shape``, ``t.shape``;
    ``weak`` as its elements' (``x.shape[0]`` may be a run-time i32 on the GPU)."""

    shape: Shape
    weak: bool | None = True


@frozen
class SeqType:
    """A tuple or list written out: ``(bm, bk)``, ``(a, b)`` for ``tl.cat``."""

    items: tuple[Value | None, ...]


@frozen
class DTypeValue:
    name: str


@frozen
class TensorParam:
    """A Mutable or Shared parameter of the kernel (or a name that always stands for one)."""

    param: str


@frozen
class TileIndex:
    """``z.index`` or a ``z.tiles()`` index: a tuple of i32 0-d tiles."""


@frozen
class ModuleName:
    """A module-level name the kernel reads (a constant, inlined when the kernel compiles):
    a fixed symbol, of a type the kernel alone does not show."""

    name: str


Value = (
    TileType | ScalarType | ShapeType | SeqType | DTypeValue | TensorParam | TileIndex | ModuleName
)

I32_SCALAR = TileType((), "i32")


def join(a: Value | None, b: Value | None) -> Value | None:
    """What is known of a value that is ``a`` on some paths and ``b`` on others."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    if isinstance(a, TileType) and isinstance(b, TileType):
        return TileType(join_shapes(a.shape, b.shape), a.dtype if a.dtype == b.dtype else None)
    if isinstance(a, ScalarType) and isinstance(b, ScalarType) and a.kind == b.kind:
        return ScalarType(a.kind, join_dims(a.value, b.value), a.weak if a.weak == b.weak else None)
    if isinstance(a, ShapeType) and isinstance(b, ShapeType):
        shape = join_shapes(a.shape, b.shape)
        return ShapeType(shape, a.weak if a.weak == b.weak else None) if shape is not None else None
    if isinstance(a, SeqType) and isinstance(b, SeqType) and len(a.items) == len(b.items):
        return SeqType(tuple(join(x, y) for x, y in zip(a.items, b.items, strict=True)))
    return None


def join_shapes(a: Shape | None, b: Shape | None) -> Shape | None:
    if a == b:
        return a
    if isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b):
        return tuple(join_dims(x, y) for x, y in zip(a, b, strict=True))
    return None


# -- text ---------------------------------------------------------------------------------------


def show_dims(dims: Dims, labels: Labels) -> str:
    parts = ["?" if d is None else d.show(labels) for d in dims]
    return "(" + ", ".join(parts) + ("," if len(parts) == 1 else "") + ")"


def show_shape(shape: Shape | None, labels: Labels) -> str:
    if shape is None:
        return "?"
    if isinstance(shape, ShapeOf):
        return f"{shape.param}.{shape.attribute}"
    return show_dims(shape, labels)


def show_tile(tile: TileType, labels: Labels) -> str:
    """``(64, bk) f16``: how messages name a tile."""
    return f"{show_shape(tile.shape, labels)} {tile.dtype or '?'}"


def describe(value: Value, labels: Labels) -> str | None:
    """How hover text and inlay hints show a value (None: nothing worth showing)."""
    if isinstance(value, TileType):
        return f"Tile[{value.dtype or '?'}, {show_shape(value.shape, labels)}]"
    if isinstance(value, ScalarType):
        kind = {"b": "bool", "i": "int", "f": "float"}[value.kind]
        known = value.value.show(labels) if value.value is not None else None
        return kind if known is None else f"{kind} = {known}"
    if isinstance(value, ShapeType):
        return f"tuple {show_shape(value.shape, labels)}"
    if isinstance(value, DTypeValue):
        return f"dtype {value.name}"
    return None
