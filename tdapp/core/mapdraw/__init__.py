"""The board map as plain data: the standard board's drawing (``geometry``) and what a position
and its orders put on it (``plan``). No Qt: the GUI paints a plan, the players' page writes it
as SVG."""
