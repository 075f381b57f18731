"""Typing a board's result.

Open a board's grid from anywhere with ``result_dialog(app, board_id, parent).open()`` (in
``controller.py``; ``app`` is the :class:`~tdapp.gui.controller.AppController`): the dialog
builds widgets and asks for the save, the controller records it. It never blocks, emits
``saved(board_id)`` once the result is recorded through ``services.results.record_result``
(undoable), and the broadcast Change refreshes every open view. The Standings page's "Enter
results" tab lists each round's boards and opens the same dialog.
"""

from tdapp.gui.results.dialog import ResultEntryDialog

__all__ = ["ResultEntryDialog"]
