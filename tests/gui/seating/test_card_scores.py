"""Board cards on the Boards page show a score as the result dialog and the standings do: two
decimals at most. Found in a TD's pass in a real window (issue 14): WDC 2018's Sum of Squares
cards read "6 SC · 15.7895" and "1 SC · 0.438596" beside a dialog that said 15.79 and 0.44."""

from __future__ import annotations

from tdapp.gui.seating.common import called_card_views, result_text
from tdapp.services.rounds import BoardRow, SeatRow


def test_sum_of_squares_scores_show_two_decimals() -> None:
    assert result_text(6, 600 / 38) == "6 SC · 15.79"
    assert result_text(1, 100 / 228) == "1 SC · 0.44"


def test_whole_scores_stay_whole() -> None:
    """Haight scores are whole numbers and a pool's x1.5 gives halves: shown as they are."""
    assert result_text(9, 161.0) == "9 SC · 161"
    assert result_text(7, 187.5) == "7 SC · 187.5"
    assert result_text(None, None) == ""
    assert result_text(3, None) == "3 SC"


def test_the_top_board_card_shows_rounded_scores() -> None:
    seats = (SeatRow("ITALY", 1, "Paloma Yilmaz", 10, 1000 / 22.8),
             SeatRow("RUSSIA", 2, "Anna Dubois", 1, 100 / 228))
    board = BoardRow(1, 5, 1, True, "finished", 1909, "time", seats)
    [card] = called_card_views([board])
    assert [s.extra for s in card.seats] == ["10 SC · 43.86", "1 SC · 0.44"]
    assert card.title_note.startswith("top board")
