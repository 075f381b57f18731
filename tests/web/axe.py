"""axe-core (vendored in tests/web/data/vendor/axe-core, MPL-2.0) run on a page in Chromium:
what it finds, and the check that none of it is serious or critical."""

from __future__ import annotations

import json
from pathlib import Path

AXE = Path(__file__).parent / "data" / "vendor" / "axe-core" / "axe.min.js"
# Every rule axe has (WCAG 2.x A and AA, best practices); what fails is a serious or critical one.
RUN = "async () => await axe.run(document, {resultTypes: ['violations']})"


def violations(browser: object, url: str, viewport: dict[str, int]) -> list[dict]:
    page = browser.new_page(viewport=viewport)  # type: ignore[attr-defined]
    try:
        page.goto(url)
        # Evaluated through the DevTools protocol, which the page's CSP (script-src 'self')
        # does not govern: the page's own policy stays as it is served.
        page.evaluate(AXE.read_text(encoding="utf-8"))
        result = page.evaluate(RUN)
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    finally:
        page.close()
    return [{"id": v["id"], "impact": v["impact"], "help": v["help"],
             "nodes": [n["target"] for n in v["nodes"]][:5]} for v in result["violations"]]


def assert_clean(found: list[dict]) -> None:
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    assert not bad, json.dumps(bad, indent=1)
