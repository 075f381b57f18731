"""Tournament > Teams…: the team tournament's teams, members and the powers each team picked."""
