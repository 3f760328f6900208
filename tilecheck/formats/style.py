"""ANSI colour for the formats people read (text, full, the CLI's summary), in ruff's
colours: paths bold, separators cyan, codes and primary markers bold red, secondary markers
blue. ``PLAIN`` writes the same text with no escape codes; whether to colour is the CLI's
decision (``tilecheck.cli.color``)."""

from __future__ import annotations

from tilecheck.frozen import frozen

_RESET = "\x1b[0m"


@frozen
class Style:
    color: bool = False

    def _paint(self, sgr: str, text: str) -> str:
        return f"\x1b[{sgr}m{text}{_RESET}" if self.color and text else text

    def bold(self, text: str) -> str:
        return self._paint("1", text)

    def separator(self, text: str) -> str:
        return self._paint("36", text)

    def error(self, text: str) -> str:
        return self._paint("1;31", text)

    def secondary(self, text: str) -> str:
        return self._paint("1;34", text)

    def success(self, text: str) -> str:
        return self._paint("1;32", text)


PLAIN = Style()
COLOR = Style(color=True)
