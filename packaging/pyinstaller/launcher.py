"""Entry point of the frozen program: the same as the ``tdapp`` command, plus the packaging check
``tdapp --bundle-check FILE.tdt OUTDIR`` (bundle_check.py), which opens every window of the built
program so that a library left out of the bundle by mistake shows up as a failure."""

import sys

from tdapp.cli import main

if __name__ == "__main__":
    if sys.argv[1:2] == ["--bundle-check"]:
        import bundle_check

        sys.exit(bundle_check.main(sys.argv[2:]))
    sys.exit(main())
