"""The sections of tdapp's printed documents, as reportlab flowables built from ReportData."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer

from tdapp.core.collation import name_key
from tdapp.core.powers import POWERS
from tdapp.reports.data import BoardSheet, DepartureLine, ReportData, StandingLine
from tdapp.reports.pdf_base import data_table, paragraph

SEGMENT_TITLES = {"negotiation": "Negotiation", "order-writing": "Order writing",
                  "retreats": "Retreats", "adjustments": "Adjustments"}


def number(value: float | None, places: int = 2) -> str:
    """A score as a TD writes it: no trailing zeros, blank when unknown."""
    if value is None:
        return ""
    text = f"{value:.{places}f}"
    if "." in text:  # only decimals lose their trailing zeros (940 stays 940)
        text = text.rstrip("0").rstrip(".")
    return text if text != "-0" else "0"


def title_block(data: ReportData, heading: str) -> list[Flowable]:
    subtitle = " · ".join(x for x in (data.venue, data.dates, data.format_title) if x)
    block: list[Flowable] = [paragraph(heading, "title")]
    block.append(paragraph(data.tournament + (f" — {subtitle}" if subtitle else ""), "small"))
    block.append(Spacer(1, 4 * mm))
    return block


def _seat_table(board: BoardSheet, with_results: bool) -> Flowable:
    rows: list[list[str]] = [["Power", "Player"] + (["Centres", "Score"] if with_results else [])]
    for seat in board.seats:
        line = [seat.power.title(), seat.player]
        if with_results:
            line += ["" if seat.centers is None else str(seat.centers), number(seat.score)]
        rows.append(line)
    widths = [28 * mm, 80 * mm] + ([22 * mm, 25 * mm] if with_results else [])
    return data_table(rows, widths, align_right=(2, 3) if with_results else ())


def _board_heading(board: BoardSheet) -> str:
    mark = " — top board" if board.top_board else ""
    return f"Board {board.number}" + (mark or (" — championship pool" if board.pool_board else ""))


def board_call_by_board(data: ReportData, round_number: int) -> list[Flowable]:
    flow = title_block(data, f"Round {round_number} — board call")
    for board in data.round_boards(round_number):
        flow.append(KeepTogether([paragraph(_board_heading(board), "heading"),
                                  _seat_table(board, with_results=False)]))
    flow += _sitting_out(data, round_number)
    return flow


def _sitting_out(data: ReportData, round_number: int) -> list[Flowable]:
    """Who sits out the round, by name, so nobody searches the boards for their own name."""
    out = sorted(data.round_sit_outs(round_number), key=lambda s: name_key(s.player))
    if not out:
        return []
    rows = [["Player", "Why"]] + [[paragraph(s.player, "cell"), paragraph(s.reason, "cell")]
                                  for s in out]
    return [KeepTogether([paragraph(f"Sitting out ({len(out)})", "heading"),
                          data_table(rows, [95 * mm, 65 * mm])])]


def board_call_by_player(data: ReportData, round_number: int) -> list[Flowable]:
    flow = title_block(data, f"Round {round_number} — where do I play?")
    lines = sorted(
        ((seat.player, board.number, seat.power.title())
         for board in data.round_boards(round_number) for seat in board.seats),
        key=lambda line: (name_key(line[0]), line[1]),
    )
    lines += [(s.player, 0, "sits out") for s in data.round_sit_outs(round_number)]
    lines.sort(key=lambda line: (name_key(line[0]), line[1]))
    rows = [["Player", "Board", "Power"]] + [[p, str(b) if b else "—", w] for p, b, w in lines]
    flow.append(data_table(rows, [95 * mm, 25 * mm, 40 * mm], align_right=(1,)))
    return flow


def score_sheets(data: ReportData, round_number: int, first_year: int = 1901,
                 last_year: int = 1910) -> list[Flowable]:
    """One page per board: powers and players, with empty boxes for the centres of each year."""
    flow: list[Flowable] = []
    years = [str(y) for y in range(first_year, last_year + 1)]
    for index, board in enumerate(data.round_boards(round_number)):
        if index:
            flow.append(PageBreak())
        flow += title_block(data, f"Round {round_number} — {_board_heading(board)} — score sheet")
        rows = [["Power", "Player", *years, "Final"]]
        for seat in board.seats:
            rows.append([seat.power.title(), seat.player] + [""] * (len(years) + 1))
        rows.append(["Total", ""] + [""] * (len(years) + 1))
        widths = [22 * mm, 52 * mm] + [10 * mm] * len(years) + [13 * mm]
        table = data_table(rows, widths, font_size=8, bold_rows=(len(rows) - 1,))
        table.setStyle([("GRID", (2, 0), (-1, -1), 0.4, "#888888"),
                        ("ROWHEIGHT", (0, 1), (-1, -1), 11 * mm)])
        table._argH = [None] + [11 * mm] * (len(rows) - 1)
        flow.append(table)
        flow.append(Spacer(1, 8 * mm))
        flow.append(paragraph("Game ended in ________ by: solo / draw vote / time / called by "
                              "the TD.   Draw members: ______________________________"))
        flow.append(Spacer(1, 10 * mm))
        flow.append(paragraph("Signatures of all seven players confirm the final count:"))
        signatures = [[p.title(), ""] for p in POWERS]
        sig = data_table([["Power", "Signature"], *signatures], [30 * mm, 110 * mm])
        sig._argH = [None] + [9 * mm] * len(signatures)
        flow.append(sig)
    return flow


def _ended(board: BoardSheet) -> str:
    """ "ended 1909 (last year played)": the reason reads on in the sentence."""
    reason = board.end_reason or ""
    return (f"ended {board.end_year} ({reason[:1].lower()}{reason[1:]})" if reason
            else f"ended {board.end_year}")


def round_results(data: ReportData, round_number: int) -> list[Flowable]:
    flow = title_block(data, f"Round {round_number} — results")
    for board in data.round_boards(round_number):
        state = (_ended(board) if board.finished else "no result yet")
        left = [paragraph(f"{d.text} ({_scored(d)})", "small")
                for d in data.board_departures(round_number, board.number)]
        flow.append(KeepTogether([paragraph(f"{_board_heading(board)} — {state}", "heading"),
                                  _seat_table(board, with_results=True), *left]))
    return flow


def _scored(d: DepartureLine) -> str:
    """How each was scored, in words: "Ann scored zero, Bob the position's score"."""
    if not d.replaced_by:
        return f"{d.left} scored {d.leaver_scored}"
    return f"{d.left} scored {d.leaver_scored}, {d.replaced_by} {d.replacement_scored}"


def departures(data: ReportData) -> list[Flowable]:
    """Under the standings: players who left a board mid-game and who took over."""
    if not data.departures:
        return []
    flow: list[Flowable] = [Spacer(1, 3 * mm), paragraph("Left mid-game", "heading")]
    flow += [paragraph(f"Round {d.round} board {d.board}, {d.text} ({_scored(d)}).", "small")
             for d in data.departures]
    return flow


def _needs_a_word(line: StandingLine, following: StandingLine | None) -> bool:
    """Whether the order of ``line`` above the next needs saying: the scores alone do not
    put it there (a count-back, a locked range of the final round's boards, a tie-breaker,
    a shared place). Excel's "Why above the next" says it for every line."""
    if not line.reason or line.rank is None:
        return False
    return following is None and line.tie != "" or (
        following is not None and following.score >= line.score)


def standings(data: ReportData, width: float = 180 * mm) -> list[Flowable]:
    """The standings; the note says why a player is above the next wherever the scores alone
    do not (issue 24: EDC's count-back and locked ranges went without a word)."""
    flow = title_block(data, f"Standings after round {data.standings_through}")
    rounds = sorted({c.round for line in data.standings for c in line.rounds})
    rows = [["Rank", "Player", "Home", "Score", *[f"R{r}" for r in rounds], "Note"]]
    ranked = [line for line in data.standings if line.rank is not None]
    after = {id(line): ranked[i + 1] if i + 1 < len(ranked) else None
             for i, line in enumerate(ranked)}
    # Footnotes under the table (a reason is a sentence, the column narrow): one per distinct
    # reason, so a knock-out's places (DBN: the same words for 33 players) are said once.
    notes: dict[str, int] = {}
    for line in data.standings:
        cells = {c.round: c for c in line.rounds}
        round_texts = []
        for r in rounds:
            cell = cells.get(r)
            text = number(cell.score) if cell else ""
            round_texts.append(f"({text})" if cell and cell.dropped and text else text)
        reason = ""
        if _needs_a_word(line, after.get(id(line))):
            reason = f"[{notes.setdefault(line.reason, len(notes) + 1)}]"
        note = "; ".join(x for x in (line.marks, "withdrawn" if line.withdrawn else "", reason)
                         if x)
        rank = "" if line.rank is None else f"{line.rank}{'=' if line.tie else ''}"
        rows.append([rank, paragraph(line.player, "cell"), paragraph(line.home, "cell"),
                     number(line.score), *round_texts, paragraph(note, "cell")])
    round_width = 13 * mm
    widths = [11 * mm, 45 * mm, 36 * mm, 16 * mm] + [round_width] * len(rounds)
    widths.append(max(25 * mm, width - sum(widths)))
    flow.append(data_table(rows, widths, align_right=(0, 3, *range(4, 4 + len(rounds))),
                           font_size=8))
    flow.append(Spacer(1, 3 * mm))
    said = []
    if any(c.dropped for line in data.standings for c in line.rounds):
        said.append("Scores in brackets are dropped rounds.")  # only where rounds are dropped
    if any(line.rank is None for line in data.standings):
        said.append("Players without a rank play but do not compete (TDs and assistants).")
    if notes:
        said.append("A note [n] says why a player ranks above the next where the scores alone "
                    "do not (a tie-breaker, a count-back, a locked range of places):")
    if said:
        flow.append(paragraph(" ".join(said), "small"))
    flow += [paragraph(f"[{n}] {_sentence(reason)}", "small") for reason, n in notes.items()]
    rounding = rounding_note(data)
    if rounding:
        flow.append(paragraph(rounding, "small"))
    flow += departures(data)
    return flow


def _sentence(reason: str) -> str:
    """A reason as a footnote: the standings' own words, one full stop."""
    return reason.strip().rstrip(".") + "."


def rounding_note(data: ReportData) -> str:
    """Why a line's rounds, as printed, may not add up to its printed total (WDC 2018: 163.18
    shown against 163.19): the total adds the unrounded scores. Said only when it happens."""
    examples = []
    for line in data.standings:
        counted = [c.score for c in line.rounds if c.score is not None and not c.dropped]
        if not counted:
            continue
        shown = sum(round(score, 2) for score in counted)
        gap = abs(shown - round(line.score, 2))
        # Only a rounding gap (at most half a hundredth per round): a format whose total is
        # not the plain sum of its rounds is not a rounding matter.
        if 0.005 < gap <= 0.005 * len(counted) + 1e-9:
            examples.append(f"{line.player} {' + '.join(number(s) for s in counted)} = "
                            f"{number(line.score)}")
    if not examples:
        return ""
    return ("Round scores are printed to two decimals; each total adds the unrounded scores, so "
            "the rounds printed can differ from the total by a hundredth or two (e.g. "
            f"{examples[0]}).")


def best_countries(data: ReportData) -> list[Flowable]:
    """Best country awards; nothing (no page) where the format gives none (EDC 2026)."""
    if not data.best_countries:
        return []
    flow = title_block(data, "Best countries")
    rows = [["Power", "Winner(s)", "Score", "Rule"]]
    for line in data.best_countries:
        rows.append([line.power.title(), paragraph(", ".join(line.winners) or "—", "cell"),
                     number(line.score), paragraph(line.detail, "cell")])
    flow.append(data_table(rows, [25 * mm, 60 * mm, 20 * mm, 75 * mm], align_right=(2,)))
    return flow


def awards(data: ReportData) -> list[Flowable]:
    flow = title_block(data, "Awards")
    rows = [["Award", "Winner(s)", "Rule"]]
    for line in data.awards:
        rows.append([line.award, paragraph(line.winners_text or "—", "cell"),
                     paragraph(line.rule, "cell")])
    flow.append(data_table(rows, [45 * mm, 60 * mm, 75 * mm]))
    return flow


def clock_schedule(data: ReportData) -> list[Flowable]:
    flow = title_block(data, "Round clock schedule")
    rows = [["Year", "Season", "Segment", "Minutes"]]
    for line in data.schedule:
        minutes = line.seconds / 60
        rows.append([str(line.year), line.season.title(),
                     SEGMENT_TITLES.get(line.segment, line.segment), number(minutes)])
    flow.append(data_table(rows, [20 * mm, 30 * mm, 40 * mm, 25 * mm], align_right=(3,)))
    return flow


def page_break_between(sections: list[list[Flowable]]) -> list[Flowable]:
    flow: list[Flowable] = []
    for index, section in enumerate(s for s in sections if s):
        if index:
            flow.append(PageBreak())
        flow += section
    return flow



def rating(data: ReportData) -> list[Flowable]:
    """The EADiplomacy rating table, then every board's calculation step by step."""
    flow = title_block(data, "EADiplomacy rating")
    rows = [["Rank", "Player", "Rating", "Change", "Games"]]
    for line in data.rating:
        rows.append([str(line.rank), line.player, number(line.rating, 0), f"{line.change:+d}",
                     str(line.games)])
    flow.append(data_table(rows, [15 * mm, 75 * mm, 25 * mm, 25 * mm, 20 * mm],
                           align_right=(0, 2, 3, 4)))
    if data.rating_compression:
        flow.append(paragraph(data.rating_compression, "small"))
    for board in (*data.rating_examples, *data.rating_boards):
        block: list[Flowable] = [paragraph(board.title, "heading")]
        block += [paragraph(line, "small") for line in board.lines]
        flow.append(KeepTogether(block))
    return flow
