"""Entry point of the frozen program: the same as the ``tdapp`` command."""

import sys

from tdapp.cli import main

if __name__ == "__main__":
    sys.exit(main())
