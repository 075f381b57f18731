"""What the TD has typed into a board's result grid, checked cell by cell.

No Qt here: the grid model shows a :class:`ResultForm` and its :class:`Check`; the checks speak
the TD's words and name the cell at fault so the grid can colour it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tdapp.core.powers import POWERS, SOLO_CENTERS, TOTAL_CENTERS
from tdapp.gui.results.needs import ResultNeeds
from tdapp.services.results import BoardResult

FIRST_YEAR = 1901
LAST_YEAR = 1930

# A cell of the grid: ("final", power), ("out", power), ("year", power, year), ("draw", power).
Cell = tuple


@dataclass
class Check:
    """``errors`` are wrong (the cell is coloured); ``missing`` still has to be typed."""

    errors: list[tuple[str, tuple[Cell, ...]]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    result: BoardResult | None = None

    def bad_cells(self) -> dict[Cell, str]:
        out: dict[Cell, str] = {}
        for message, cells in self.errors:
            for cell in cells:
                out.setdefault(cell, message)
        return out

    @property
    def ok(self) -> bool:
        return self.result is not None


def _title(power: str) -> str:
    return power.title()


@dataclass
class ResultForm:
    needs: ResultNeeds
    end_year: int = 1909
    end_reason: str = "time"
    final: dict[str, str] = field(default_factory=dict)
    out: dict[str, str] = field(default_factory=dict)  # year eliminated
    years: dict[int, dict[str, str]] = field(default_factory=dict)
    draw: set[str] = field(default_factory=set)
    selection_order: tuple[str, ...] | None = None

    @staticmethod
    def from_result(needs: ResultNeeds, result: BoardResult | None, default_year: int,
                    selection_order: tuple[str, ...] | None = None) -> ResultForm:
        if result is None:
            return ResultForm(needs, end_year=default_year, selection_order=selection_order)
        years = {int(y): {p: str(c) for p, c in counts.items()}
                 for y, counts in result.history.items() if int(y) < result.end_year}
        return ResultForm(
            needs, end_year=result.end_year, end_reason=result.end_reason,
            final={p: str(result.centers.get(p, 0)) for p in POWERS},
            out={p: str(y) for p, y in result.eliminated.items()}, years=years,
            # A draw saved before its members were recorded: everyone left on the board.
            draw=set(result.draw or (() if result.end_reason != "draw" else
                                     (p for p in POWERS if result.centers.get(p, 0) > 0))),
            selection_order=selection_order,
        )

    def history_years(self) -> list[int]:
        """The optional year columns: every year before the final one."""
        return list(range(FIRST_YEAR, self.end_year))

    def wants_draw_members(self) -> bool:
        """Who is in a passed draw is a fact of the game, recorded whatever the scoring system:
        the EADiplomacy rating shares it out (seed 003: "Draws = average of drawn scores")."""
        return self.end_reason == "draw"

    # -- checking ---------------------------------------------------------------------------
    def check(self) -> Check:
        check = Check()
        final = self._final_counts(check)
        complete = len(final) == len(POWERS)
        out = self._elimination_years(check, final if complete else None)
        history = self._history(check, out)
        total = sum(final.values())
        if total > TOTAL_CENTERS:
            check.errors.append((f"The final centres add up to {total}; the board has only "
                                 f"{TOTAL_CENTERS}.", tuple(("final", p) for p in final)))
        solo = self._solo(check, final) if final else None
        if not complete:
            return check
        draw = self._draw(check, final)
        if check.errors or check.missing or history is None:
            return check
        if history:
            history[self.end_year] = dict(final)
        result = BoardResult(centers=final, end_year=self.end_year, end_reason=self.end_reason,
                             solo=solo, draw=draw, eliminated=out, history=history,
                             selection_order=self.selection_order)
        left = result.problems()  # anything the cell checks above did not already say
        if left:
            check.errors.extend((message, ()) for message in left)
            return check
        check.result = result
        return check

    def _number(self, check: Check, text: str, cell: Cell, what: str,
                low: int, high: int) -> int | None:
        try:
            value = int(text.strip())
        except ValueError:
            check.errors.append((f"{what}: type a whole number, not {text.strip()!r}.", (cell,)))
            return None
        if not low <= value <= high:
            check.errors.append((f"{what}: {value} is not possible (from {low} to {high}).",
                                 (cell,)))
            return None
        return value

    def _final_counts(self, check: Check) -> dict[str, int]:
        """The final counts typed correctly so far (all seven once the column is done)."""
        counts: dict[str, int] = {}
        empty = []
        for power in POWERS:
            text = self.final.get(power, "").strip()
            if not text:
                empty.append(_title(power))
                continue
            value = self._number(check, text, ("final", power),
                                 f"{_title(power)}'s final centres", 0, TOTAL_CENTERS)
            if value is not None:
                counts[power] = value
        if empty:
            check.missing.append(f"Final centres still to type: {', '.join(empty)}.")
        return counts

    def _elimination_years(self, check: Check, final: dict[str, int] | None) -> dict[str, int]:
        out: dict[str, int] = {}
        for power in POWERS:
            text = self.out.get(power, "").strip()
            centres = None if final is None else final[power]
            if not text:
                if centres == 0 and self.needs.elimination_years:
                    check.missing.append(f"Type the year {_title(power)} was eliminated.")
                continue
            year = self._number(check, text, ("out", power),
                                f"{_title(power)}'s elimination year", FIRST_YEAR, self.end_year)
            if year is None:
                continue
            if centres:
                check.errors.append((f"{_title(power)} is marked eliminated in {year} but has "
                                     f"{centres} centres at the end.",
                                     (("out", power), ("final", power))))
                continue
            out[power] = year
        return out

    def _history(self, check: Check, out: dict[str, int]) -> dict[int, dict[str, int]] | None:
        history: dict[int, dict[str, int]] = {}
        failed = False
        for year in self.history_years():
            typed = {p: t.strip() for p, t in self.years.get(year, {}).items() if t.strip()}
            if not typed:
                if self.needs.history:
                    check.missing.append(f"Centres of {year} still to type (count-back needs "
                                         "every year).")
                    failed = True
                continue
            counts: dict[str, int] = {}
            for power, text in typed.items():
                value = self._number(check, text, ("year", power, year),
                                     f"{_title(power)} in {year}", 0, TOTAL_CENTERS)
                if value is None:
                    failed = True
                    continue
                counts[power] = value
                gone = out.get(power)
                if gone is not None and year >= gone and value:
                    check.errors.append((f"{_title(power)} was eliminated in {gone} but has "
                                         f"{value} centres in {year}.", (("year", power, year),)))
                    failed = True
            if len(typed) < len(POWERS):
                left = ", ".join(_title(p) for p in POWERS if p not in typed)
                check.missing.append(f"{year}: type every power or none (missing {left}).")
                failed = True
                continue
            if sum(counts.values()) > TOTAL_CENTERS:
                check.errors.append((f"The centres of {year} add up to {sum(counts.values())}; "
                                     f"the board has only {TOTAL_CENTERS}.",
                                     tuple(("year", p, year) for p in POWERS)))
                failed = True
            history[year] = counts
        return None if failed else history

    def _solo(self, check: Check, final: dict[str, int]) -> str | None:
        leader = max(final, key=lambda p: final[p])
        if self.end_reason == "solo":
            if final[leader] < SOLO_CENTERS:
                check.errors.append((f"{_title(leader)} has {final[leader]} centres; a solo needs "
                                     f"{SOLO_CENTERS}.", (("final", leader),)))
                return None
            return leader
        if final[leader] >= SOLO_CENTERS:
            check.errors.append((f"{_title(leader)} has {final[leader]} centres: that is a solo "
                                 "(choose \"Solo victory\").", (("final", leader),)))
        return None

    def _draw(self, check: Check, final: dict[str, int]) -> tuple[str, ...] | None:
        if not self.wants_draw_members():
            return None
        members = tuple(p for p in POWERS if p in self.draw)
        if not members:
            check.missing.append("Tick the powers in the draw.")
            return None
        dead = [p for p in members if final[p] == 0]
        if dead:
            check.errors.append((f"{_title(dead[0])} has no centres and cannot be in the draw.",
                                 (("draw", dead[0]),)))
            return None
        return members
