"""The board-call wizard (roll call to seated boards with powers) and the Boards page's parts."""
