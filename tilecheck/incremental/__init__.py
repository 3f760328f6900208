"""Checking one document again after an edit, re-doing only what the edit touched: the
statements it changed are re-parsed (``splice``) and only the findings that depend on them
are computed again (``units``); ``Document`` keeps both between checks. The result is the
same as a full check's, which ``tests/tilecheck/test_incremental.py`` holds it to."""

from tilecheck.incremental.document import Document

__all__ = ["Document"]
