"""`python -m tdapp`: the same as the `tdapp` command."""

import sys

from tdapp.cli import main

sys.exit(main())
