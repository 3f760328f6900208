"""Reading a kernel's or helper's own source back as an ``ast.FunctionDef``, with the offset
that turns its AST line numbers into lines of the user's file."""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from tilert._core.validation import kernel_source
from tilert.errors import KernelError


def function_ast(fn: Callable[..., Any], what: str) -> tuple[ast.FunctionDef, str, int]:
    """(the function's AST, the user's file, user line = AST line + this offset)."""
    src = kernel_source(fn)
    if src is None:
        raise KernelError(f"{what}: no source available to lower (define kernels in files)")
    source, path, first_line = src
    tree = ast.parse(source)
    fdef = tree.body[0]
    if not isinstance(fdef, ast.FunctionDef):
        raise KernelError(f"{path}:{first_line}: {what} is not a plain function")
    # ast line 1 is the first decorator line, i.e. the user's first_line
    return fdef, path, first_line - 1
