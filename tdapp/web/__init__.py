"""The players' page on the venue network (``tdapp web``): a small read-only web server.

A layer of its own beside the GUI: it reads the tournament through the services (plain rows)
and never imports Qt; the commands (and later the GUI's File menu) start it.
"""
