from tests.gui.results.fixtures import demo_main, tied_main  # noqa: F401  (shared fixtures)
