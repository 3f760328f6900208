"""The Tile value: an immutable n-d array of one dtype, local to a block.

Internally a tile is batched: ``_data`` has a leading axis over the blocks the current
execution stands for (all blocks of a chunk in batched mode, one in serial mode), or length 1
when the value is the same for every block (``tl.zeros``, constants). ``shape`` never shows
that axis. Python decisions on a tile (``if``, ``range``, ``int``) need one value for all
blocks; when the blocks disagree the batched run is abandoned for a serial one."""

from __future__ import annotations

from typing import Any, Generic, TypeVar

import numpy as np

from tilert.dtypes import DType
from tilert.interpret import elementwise as ew
from tilert.interpret import shapes
from tilert.interpret.context import NeedsSerial, TileOpError

DT = TypeVar("DT", bound=DType)
Operand = Any  # a Tile or a Python scalar; checked at run time


class Tile(Generic[DT]):
    """A tile value (``tl.Tile[f32]`` in annotations). Operators build new tiles."""

    __slots__ = ("_data", "_dtype")

    def __init__(self, data: np.ndarray[Any, Any], dtype: type[DType]) -> None:
        self._data = data
        self._dtype = dtype

    # -- metadata -----------------------------------------------------------------------------
    @property
    def shape(self) -> tuple[int, ...]:
        """The tile's shape (the same in every block)."""
        return tuple(self._data.shape[1:])

    @property
    def dtype(self) -> type[DType]:
        return self._dtype

    @property
    def ndim(self) -> int:
        return self._data.ndim - 1

    def __repr__(self) -> str:
        if self._data.shape[0] == 1:
            return f"Tile[{self._dtype}]{self.shape}({self._data[0]!r})"
        return f"Tile[{self._dtype}]{self.shape}(batched over {self._data.shape[0]} blocks)"

    # -- methods mirroring tl functions -------------------------------------------------------
    def astype(self, dtype: Any) -> Tile[Any]:
        """This tile converted to ``dtype`` (as ``tl.astype``)."""
        return ew.astype(self, dtype)

    def reshape(self, *shape: Any) -> Tile[DT]:
        """As ``tl.reshape``; accepts ``t.reshape((a, b))`` or ``t.reshape(a, b)``."""
        target = shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape
        return shapes.reshape(self, target)

    def permute(self, axes: Any) -> Tile[DT]:
        return shapes.permute(self, axes)

    def transpose(self, axis0: int | None = None, axis1: int | None = None) -> Tile[DT]:
        return shapes.transpose(self, axis0, axis1)

    def item(self) -> Tile[DT]:
        """The single element of a one-element tile, as a 0-d tile (a scalar)."""
        return shapes.item(self)

    def __getitem__(self, key: Any) -> Tile[DT]:
        """``t[None, :]`` inserts axes (sugar for expand_dims); ``t[:, a:b]`` with constant
        aligned bounds is a sub-tile (sugar for ``tl.extract``)."""
        return shapes.getitem(self, key)

    def __iter__(self) -> Any:
        raise TypeError("a tile is not iterable; index a tile only with None and `:`")

    # -- Python decisions (need one value for every block) ------------------------------------
    def _uniform_item(self, what: str) -> Any:
        if self._data.ndim != 1:
            raise TileOpError(
                what,
                f"a tile of shape {self.shape} has no single value; reduce it first "
                "(tl.max, tl.sum, ...) or select elementwise with tl.where",
            )
        data = self._data
        first = data[0]
        if data.shape[0] > 1 and not bool((data == first).all()):
            raise NeedsSerial(f"{what} of a value that differs between blocks")
        return first

    def __bool__(self) -> bool:
        return bool(self._uniform_item("bool(tile) (an `if` or `while` on a tile)"))

    def __int__(self) -> int:
        return int(self._uniform_item("int(tile)"))

    def __float__(self) -> float:
        return float(self._uniform_item("float(tile)"))

    def __index__(self) -> int:
        if self._dtype.kind not in "iub":
            raise TileOpError(
                "index", f"a {self._dtype} tile cannot be used as an integer (range, index)"
            )
        return int(self._uniform_item("using a tile as an integer (range, index)"))

    # -- arithmetic ---------------------------------------------------------------------------
    def __add__(self, other: Operand) -> Tile[Any]:
        return ew.ADD(self, other)

    def __radd__(self, other: Operand) -> Tile[Any]:
        return ew.ADD(other, self)

    def __sub__(self, other: Operand) -> Tile[Any]:
        return ew.SUB(self, other)

    def __rsub__(self, other: Operand) -> Tile[Any]:
        return ew.SUB(other, self)

    def __mul__(self, other: Operand) -> Tile[Any]:
        return ew.MUL(self, other)

    def __rmul__(self, other: Operand) -> Tile[Any]:
        return ew.MUL(other, self)

    def __truediv__(self, other: Operand) -> Tile[Any]:
        return ew.TRUEDIV(self, other)

    def __rtruediv__(self, other: Operand) -> Tile[Any]:
        return ew.TRUEDIV(other, self)

    def __floordiv__(self, other: Operand) -> Tile[Any]:
        return ew.FLOORDIV(self, other)

    def __rfloordiv__(self, other: Operand) -> Tile[Any]:
        return ew.FLOORDIV(other, self)

    def __mod__(self, other: Operand) -> Tile[Any]:
        return ew.MOD(self, other)

    def __rmod__(self, other: Operand) -> Tile[Any]:
        return ew.MOD(other, self)

    def __pow__(self, other: Operand) -> Tile[Any]:
        return ew.POW(self, other)

    def __rpow__(self, other: Operand) -> Tile[Any]:
        return ew.POW(other, self)

    def __matmul__(self, other: Tile[Any]) -> Tile[Any]:
        from tilert.interpret import linalg

        return linalg.matmul_op(self, other)

    def __and__(self, other: Operand) -> Tile[Any]:
        return ew.AND(self, other)

    def __rand__(self, other: Operand) -> Tile[Any]:
        return ew.AND(other, self)

    def __or__(self, other: Operand) -> Tile[Any]:
        return ew.OR(self, other)

    def __ror__(self, other: Operand) -> Tile[Any]:
        return ew.OR(other, self)

    def __xor__(self, other: Operand) -> Tile[Any]:
        return ew.XOR(self, other)

    def __rxor__(self, other: Operand) -> Tile[Any]:
        return ew.XOR(other, self)

    def __lshift__(self, other: Operand) -> Tile[Any]:
        return ew.LSHIFT(self, other)

    def __rlshift__(self, other: Operand) -> Tile[Any]:
        return ew.LSHIFT(other, self)

    def __rshift__(self, other: Operand) -> Tile[Any]:
        return ew.RSHIFT(self, other)

    def __rrshift__(self, other: Operand) -> Tile[Any]:
        return ew.RSHIFT(other, self)

    def __neg__(self) -> Tile[DT]:
        return ew.NEG(self)

    def __pos__(self) -> Tile[DT]:
        return self

    def __invert__(self) -> Tile[DT]:
        return ew.INVERT(self)

    def __abs__(self) -> Tile[DT]:
        return ew.ABS(self)

    # -- comparisons (elementwise, giving bool_ tiles) ----------------------------------------
    def __lt__(self, other: Operand) -> Tile[Any]:
        return ew.LT(self, other)

    def __le__(self, other: Operand) -> Tile[Any]:
        return ew.LE(self, other)

    def __gt__(self, other: Operand) -> Tile[Any]:
        return ew.GT(self, other)

    def __ge__(self, other: Operand) -> Tile[Any]:
        return ew.GE(self, other)

    def __eq__(self, other: Operand) -> Tile[Any]:  # type: ignore[override]
        return ew.EQ(self, other)

    def __ne__(self, other: Operand) -> Tile[Any]:  # type: ignore[override]
        return ew.NE(self, other)

    __hash__ = None  # type: ignore[assignment]
