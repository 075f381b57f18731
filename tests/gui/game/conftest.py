"""The board's game view every game test drives (the fixture lives in helpers.py, so that tests
of other folders import it from there)."""

from .helpers import view  # noqa: F401 - the board's game view fixture
