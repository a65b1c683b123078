"""The CLI's consoles: every byte they print that came from a bundle, an outline or a path is shown, never obeyed.

A world bundle is someone else's data: a file name like `\\x1b[2J\\x1b[31mverdict pass` would clear the
screen and print its own verdict if it reached the terminal raw. So each console here escapes control
characters (C0, DEL, C1 and the bidirectional overrides that reorder what is shown: worlds.printable) as
`\\x1b`-style text in everything it renders, strings, `Text` and table cells alike, and reads no markup or
emoji codes in what it prints ("[/]" would crash rich, ":100:" turn into an emoji). Rich's own styles and
cursor moves are control segments added after this, so they still work.
"""

from __future__ import annotations

from typing import Iterable, Optional

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment
from rich.text import Text

from worldsmith.worlds.printable import escape_controls, one_line  # noqa: F401  (one_line: the CLI's, from here)


class SafeConsole(Console):
    """A rich console that shows control characters escaped in whatever it renders, and reads no markup."""

    def __init__(self, **kwargs) -> None:
        kwargs.setdefault("highlight", False)
        kwargs["markup"] = False  # never on: what is printed holds names other people chose
        kwargs["emoji"] = False
        super().__init__(**kwargs)

    def render_str(self, text: str, **kwargs) -> Text:  # noqa: D102 - rich's method
        # Escaped before rich measures it, so a table's columns are as wide as what is shown.
        kwargs["markup"] = False
        kwargs["emoji"] = False
        return super().render_str(escape_controls(text), **kwargs)

    def render(self, renderable: RenderableType,
               options: Optional[ConsoleOptions] = None) -> Iterable[Segment]:  # noqa: D102 - rich's method
        # The one place every renderable (a Text, a table cell) becomes text for the terminal; escaping is
        # idempotent, so the nested renders of a table escape nothing twice.
        for segment in super().render(renderable, options):
            shown = segment.text if segment.control else escape_controls(segment.text)
            yield segment if shown == segment.text else Segment(shown, segment.style, segment.control)


console = SafeConsole(stderr=False)
err = SafeConsole(stderr=True)
